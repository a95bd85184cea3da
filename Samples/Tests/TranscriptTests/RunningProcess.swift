// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sample executable kept running while a test talks to it through pipes: it writes lines,
/// waits for output, signals it, or stops reading its output, the way a shell pipeline would.
final class RunningProcess: @unchecked Sendable {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  private let lock = NSLock()
  private var received = Data()
  private let ended = DispatchSemaphore(value: 0)

  /// Starts `app` with `NO_COLOR=1`, a virtual clock, `variables`, and the given pipes.
  init(app: String, variables: [String: String]) throws {
    // A write to the app's input after it died must fail, not kill the test runner.
    signal(SIGPIPE, SIG_IGN)
    guard let executable = SampleProcess(app: app).executable else {
      throw SampleProcessError.notBuilt(app, SampleProcess.productsFolder.path)
    }
    process.executableURL = executable
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["WORKFLOW_SAMPLES_CLOCK"] = "virtual"
    environment["TERM"] = "dumb"
    environment.merge(variables) { _, new in new }
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self else { return }
      self.lock.lock()
      self.received += data
      self.lock.unlock()
    }
    process.terminationHandler = { [ended] _ in ended.signal() }
    try process.run()
  }

  /// What the app wrote so far.
  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: received, as: UTF8.self)
  }

  /// Writes `line` and a line feed to the app's input; false once the app stopped reading.
  @discardableResult
  func send(_ line: String) -> Bool {
    (try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))) != nil
  }

  /// Waits up to `seconds` for the output to contain `text`.
  func waitForOutput(containing text: String, seconds: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if self.text.contains(text) { return true }
      usleep(20_000)
    }
    return false
  }

  /// Stops reading the app's output, as `head` does when it has its line.
  func closeOutput() {
    output.fileHandleForReading.readabilityHandler = nil
    try? output.fileHandleForReading.close()
  }

  /// Waits up to `seconds` for the app to end; false when it is still running (then it is
  /// killed).
  func waitForExit(seconds: Double = 60) -> Bool {
    if ended.wait(timeout: .now() + seconds) == .success { return true }
    process.interrupt()
    kill(process.processIdentifier, SIGKILL)
    return false
  }
}
