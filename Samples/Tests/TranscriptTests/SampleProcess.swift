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

  /// util-linux's script(1), which gives an app a pseudo-terminal; nil when not installed.
  static let script = ["/usr/bin/script", "/bin/script"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  let app: String

  /// The executable, or `nil` when it has not been built.
  var executable: URL? {
    let url = Self.productsFolder.appendingPathComponent(app)
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  /// Runs the app with `input` on standard input, `NO_COLOR=1`, a virtual clock, and a fresh
  /// state folder, and waits for it to exit (see ``RunningSample``).
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
    variables: [String: String] = [:], umask: Int? = nil
  ) async throws -> Result {
    let running = try RunningSample(
      app: self, arguments: arguments, workingDirectory: workingDirectory, variables: variables,
      umask: umask, input: .data(input))
    return try await running.finish()
  }

  /// The process for a run: the environment of ``run(input:arguments:workingDirectory:variables:umask:)``
  /// with `state` as the state folder and home.
  func makeProcess(
    arguments: [String], workingDirectory: URL?, variables: [String: String], umask: Int?,
    isNiced: Bool = false, onTerminal: Bool = false, state: URL
  ) throws -> Process {
    guard let executable else {
      throw SampleProcessError.notBuilt(app, Self.productsFolder.path)
    }
    let process = Process()
    if onTerminal {
      // util-linux's script(1) runs the app on a pseudo-terminal and copies its own input
      // there, as typed.
      guard let script = Self.script else { throw SampleProcessError.notBuilt("script", "") }
      process.executableURL = URL(fileURLWithPath: script)
      process.arguments = [
        "-q", "-e", "-c", ([executable.path] + arguments).joined(separator: " "), "/dev/null",
      ]
    } else if umask != nil || isNiced {
      // The shell sets the mask or the priority and becomes the app, so the app's pid is the
      // process's.
      let setUp = [
        umask.map { "umask \(String($0, radix: 8))" }, isNiced ? "renice -n 19 $$ >/dev/null" : nil,
      ].compactMap { $0 }.joined(separator: " && ")
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "\(setUp) && exec \"$0\" \"$@\"", executable.path] + arguments
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

enum SampleProcessError: Error, CustomStringConvertible {
  case notBuilt(String, String)
  case timedOut(String)
  case missingOutput(String, String, String)
  case noFIFO(String)

  var description: String {
    switch self {
    case .noFIFO(let path):
      "could not make the FIFO \(path) for the app's events"
    case .notBuilt(let app, let folder):
      "\(app) is not built in \(folder); run `swift build` (or `make test`) first"
    case .timedOut(let app):
      "\(app) seems hung: nothing came for \(RunningSample.hangGuard)"
    case .missingOutput(let app, let expected, let output):
      "\(app) did not print '\(expected)'; it printed:\n\(output)"
    }
  }
}
