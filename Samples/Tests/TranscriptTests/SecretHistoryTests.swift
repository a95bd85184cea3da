// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// On a terminal the apps keep a history file; a password typed there never reaches it.
///
/// The apps run under `script` (util-linux), which gives them a pseudo-terminal, so libedit
/// edits the lines and saves the history as it does for a person.
@Suite struct SecretHistoryTests {
  static let script = ["/usr/bin/script", "/bin/script"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(
    .enabled(if: script != nil, "needs util-linux's script(1) for a pseudo-terminal"),
    arguments: [
      ("tictactoe", ["login player@example.com PASSWORD", "quit"]),
      ("samples", ["open tictactoe", "login player@example.com PASSWORD", "quit"]),
    ])
  func theHistoryFileHoldsNoPasswordAfterASignIn(app: String, lines: [String]) async throws {
    let executable = try #require(SampleProcess(app: app).executable, "\(app) is not built")
    let password = "pw-\(UUID().uuidString.prefix(8))"
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: state) }
    // Each line arrives after the app had time to read the one before, as typed.
    let typed = lines.map { $0.replacingOccurrences(of: "PASSWORD", with: password) }
    let feeder =
      "for line in " + typed.map { "'\($0)'" }.joined(separator: " ")
      + "; do sleep 1; printf '%s\\r' \"$line\"; done; sleep 2"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "(\(feeder)) | \(Self.script!) -q -e -c '\(executable.path)' /dev/null",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = state.path
    environment["HOME"] = state.path
    environment["TERM"] = "dumb"
    environment["NO_COLOR"] = "1"
    environment["WORKFLOW_SAMPLES_CLOCK"] = "virtual"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    #expect(process.terminationStatus == 0)
    let file = state.appendingPathComponent("\(app)/history")
    let history = try String(contentsOf: file, encoding: .utf8)
    #expect(history.contains("login\\040player@example.com\n"), "\(history)")
    #expect(!history.contains(password), "\(history)")
    var info = stat()
    #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(
      stat(file.deletingLastPathComponent().path, &info) == 0 && info.st_mode & 0o777 == 0o700)
  }
}
