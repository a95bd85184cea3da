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
  ///   - umask: The file mode creation mask the app runs with; the test run's when nil.
  func run(
    input: Data, arguments: [String] = [], workingDirectory: URL? = nil,
    variables: [String: String] = [:], umask: Int? = nil, timeout: Duration = .seconds(120)
  ) async throws -> Result {
    let running = try RunningSample(
      app: self, arguments: arguments, workingDirectory: workingDirectory, variables: variables,
      umask: umask, input: .data(input))
    return try await running.finish(timeout: timeout)
  }

  /// The process for a run: the environment of ``run(input:arguments:workingDirectory:variables:umask:timeout:)``
  /// with `state` as the state folder and home.
  func makeProcess(
    arguments: [String], workingDirectory: URL?, variables: [String: String], umask: Int?,
    state: URL
  ) throws -> Process {
    guard let executable else {
      throw SampleProcessError.notBuilt(app, Self.productsFolder.path)
    }
    let process = Process()
    if let umask {
      // The shell sets the mask and becomes the app, so the app's pid is the process's.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "umask \(String(umask, radix: 8)) && exec \"$0\" \"$@\"", executable.path]
        + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
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
    return process
  }
}

/// A sample app started by a test, with its output going to a file the test can read while it
/// runs; its standard input is a file, or a pipe the test writes lines to.
final class RunningSample: @unchecked Sendable {
  /// Where the app's standard input comes from.
  enum Input {
    /// All of it at once, from a file.
    case data(Data)
    /// Lines the test sends with ``send(_:)`` while the app runs.
    case pipe
  }

  let app: String
  let process: Process
  /// The app's own folder: its state folder and home, with the input and output files.
  let state: URL
  private let outputFile: URL
  private let output: FileHandle
  private let inputPipe: Pipe?
  private let termination = DispatchSemaphore(value: 0)

  /// Starts `app`; see ``SampleProcess/run(input:arguments:workingDirectory:variables:umask:timeout:)``.
  init(
    app: SampleProcess, arguments: [String] = [], workingDirectory: URL? = nil,
    variables: [String: String] = [:], umask: Int? = nil, input: Input = .pipe
  ) throws {
    self.app = app.app
    state = FileManager.default.temporaryDirectory
      .appendingPathComponent("sample-\(app.app)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    process = try app.makeProcess(
      arguments: arguments, workingDirectory: workingDirectory, variables: variables,
      umask: umask, state: state)
    switch input {
    case .data(let data):
      let inputFile = state.appendingPathComponent("input")
      try data.write(to: inputFile)
      process.standardInput = try FileHandle(forReadingFrom: inputFile)
      inputPipe = nil
    case .pipe:
      let pipe = Pipe()
      process.standardInput = pipe
      inputPipe = pipe
    }
    outputFile = state.appendingPathComponent("output")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    // One file for both streams keeps their interleaving, as a terminal would show it.
    output = try FileHandle(forWritingTo: outputFile)
    process.standardOutput = output
    process.standardError = output
    process.terminationHandler = { [termination] _ in termination.signal() }
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
    try? FileManager.default.removeItem(at: state)
  }

  /// The app's process id.
  var pid: Int32 { process.processIdentifier }

  /// Writes `line` and a newline to the app's standard input.
  func send(_ line: String) {
    inputPipe?.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Everything the app printed so far.
  var text: String {
    (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
  }

  /// Waits until the app printed `expected` (the whole output contains it), or fails after
  /// `timeout`.
  func waitForOutput(containing expected: String, timeout: Duration = .seconds(120)) async throws {
    let deadline = ContinuousClock.now + timeout
    while !text.contains(expected) {
      guard ContinuousClock.now < deadline, process.isRunning else {
        throw SampleProcessError.missingOutput(app, expected, text)
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Whether one of the app's threads is blocked reading a pipe (its input), as Linux's
  /// `/proc/<pid>/task/*/wchan` tells; nil where that cannot be told.
  var isBlockedReadingAPipe: Bool? {
    let tasks = "/proc/\(pid)/task"
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else {
      return nil
    }
    return threads.contains { thread in
      let wchan = try? String(contentsOfFile: "\(tasks)/\(thread)/wchan", encoding: .utf8)
      return wchan?.contains("pipe_read") == true
    }
  }

  /// Waits until the app is blocked reading its input, or fails after `timeout`.
  func waitUntilBlockedReadingInput(timeout: Duration = .seconds(120)) async throws {
    let deadline = ContinuousClock.now + timeout
    while isBlockedReadingAPipe != true {
      guard ContinuousClock.now < deadline, process.isRunning, isBlockedReadingAPipe != nil
      else {
        throw SampleProcessError.missingOutput(app, "a read of its input", text)
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Ends the app's input (when it is a pipe) and waits for it to exit; kills it after
  /// `timeout`.
  func finish(timeout: Duration = .seconds(120)) async throws -> SampleProcess.Result {
    try? inputPipe?.fileHandleForWriting.close()
    return try await waitForExit(timeout: timeout)
  }

  /// Waits for the app to exit, however it exits; kills it after `timeout`.
  func waitForExit(timeout: Duration = .seconds(120)) async throws -> SampleProcess.Result {
    let deadline = ContinuousClock.now + timeout
    // Polled with sleeps, which suspend: a blocked thread of the small cooperative pool would
    // starve the asynchronous tests that run beside this one.
    while termination.wait(timeout: .now()) == .timedOut {
      guard ContinuousClock.now < deadline else {
        process.terminate()
        throw SampleProcessError.timedOut(app)
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    termination.signal()
    try? output.close()
    return SampleProcess.Result(
      output: (try? Data(contentsOf: outputFile)) ?? Data(), status: process.terminationStatus,
      exitedNormally: process.terminationReason == .exit)
  }
}

enum SampleProcessError: Error, CustomStringConvertible {
  case notBuilt(String, String)
  case timedOut(String)
  case missingOutput(String, String, String)

  var description: String {
    switch self {
    case .notBuilt(let app, let folder):
      "\(app) is not built in \(folder); run `swift build` (or `make test`) first"
    case .timedOut(let app):
      "\(app) did not exit in time"
    case .missingOutput(let app, let expected, let output):
      "\(app) did not print '\(expected)'; it printed:\n\(output)"
    }
  }
}
