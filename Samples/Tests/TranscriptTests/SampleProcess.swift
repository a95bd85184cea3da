// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Runs one of the built sample executables on scripted input, the way a user's shell would.
struct SampleProcess {
  /// What a run produced.
  struct Result {
    /// Standard output and standard error, interleaved as written.
    var output: Data
    /// The exit status (for a normal exit).
    var status: Int32
    /// Whether the process exited normally rather than by a signal.
    var exitedNormally: Bool

    var text: String { String(decoding: output, as: UTF8.self) }
  }

  /// The apps with an executable, in the order the README lists them.
  static let apps = ["samples", "tictactoe", "todo", "timers", "split", "search"]

  /// The folder holding the built executables: the one the test bundle was built into.
  static var productsFolder: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
  }

  /// The repository's `Tests/Transcripts` folder.
  static var transcriptsFolder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Transcripts", isDirectory: true)
  }

  let app: String

  /// The executable, or `nil` when it has not been built.
  var executable: URL? {
    let url = Self.productsFolder.appendingPathComponent(app)
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  /// Runs the app with `input` on standard input, `NO_COLOR=1`, a virtual clock, and a fresh
  /// state folder; gives up (killing it) after `timeout`.
  ///
  /// Waiting suspends rather than blocks: a blocked thread of the small cooperative pool would
  /// starve the asynchronous tests that run beside this one.
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments after the program's name.
  ///   - workingDirectory: The app's current directory, where relative file names point; by
  ///     default the directory of the test run.
  ///   - variables: Environment variables set after the defaults above, e.g. `TODO_FILE`.
  func run(
    input: Data, arguments: [String] = [], workingDirectory: URL? = nil,
    variables: [String: String] = [:], timeout: Duration = .seconds(120)
  ) async throws -> Result {
    guard let executable else {
      throw SampleProcessError.notBuilt(app, Self.productsFolder.path)
    }
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("sample-\(app)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: state) }
    let inputFile = state.appendingPathComponent("input")
    try input.write(to: inputFile)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["XDG_STATE_HOME"] = state.path
    environment["HOME"] = state.path
    environment["WORKFLOW_SAMPLES_CLOCK"] = "virtual"
    environment["TODO_FILE"] = nil
    environment["TERM"] = "dumb"
    environment.merge(variables) { _, new in new }
    process.environment = environment
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    let outputFile = state.appendingPathComponent("output")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    // One file for both streams keeps their interleaving, as a terminal would show it.
    let output = try FileHandle(forWritingTo: outputFile)
    process.standardOutput = output
    process.standardError = output
    // The watchdog only signals the process; the termination handler still resumes the wait.
    let watchdog = DispatchWorkItem { process.terminate() }
    defer { watchdog.cancel() }
    let (seconds, attoseconds) = timeout.components
    DispatchQueue.global().asyncAfter(
      deadline: .now() + Double(seconds) + Double(attoseconds) * 1e-18, execute: watchdog)
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    try output.close()
    if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGTERM {
      throw SampleProcessError.timedOut(app)
    }
    return Result(
      output: try Data(contentsOf: outputFile), status: process.terminationStatus,
      exitedNormally: process.terminationReason == .exit)
  }
}

enum SampleProcessError: Error, CustomStringConvertible {
  case notBuilt(String, String)
  case timedOut(String)

  var description: String {
    switch self {
    case .notBuilt(let app, let folder):
      "\(app) is not built in \(folder); run `swift build` (or `make test`) first"
    case .timedOut(let app):
      "\(app) did not exit in time"
    }
  }
}
