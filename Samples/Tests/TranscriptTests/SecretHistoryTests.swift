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
  @Test(
    .enabled(
      if: SampleProcess.script != nil, "needs util-linux's script(1) for a pseudo-terminal"),
    arguments: [
      ("tictactoe", ["login player@example.com PASSWORD", "quit"]),
      ("samples", ["open tictactoe", "login player@example.com PASSWORD", "quit"]),
    ])
  func theHistoryFileHoldsNoPasswordAfterASignIn(app: String, lines: [String]) async throws {
    let password = "pw-\(UUID().uuidString.prefix(8))"
    let running = try RunningSample(app: SampleProcess(app: app), onTerminal: true)
    // Each line is typed once the app waits for it, as a person would.
    for (number, line) in lines.enumerated() {
      try await running.waitForEvent("waiting", afterLines: number)
      running.send(raw: line.replacingOccurrences(of: "PASSWORD", with: password) + "\r")
    }
    let result = try await running.waitForExit()
    #expect(result.exitedNormally && result.status == 0, "\(app) exited with \(result.status)")
    let file = running.state.appendingPathComponent("\(app)/history")
    let history = try String(contentsOf: file, encoding: .utf8)
    #expect(history.contains("login\\040player@example.com\n"), "\(history)")
    #expect(!history.contains(password), "\(history)")
    var info = stat()
    #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(
      stat(file.deletingLastPathComponent().path, &info) == 0 && info.st_mode & 0o777 == 0o700)
  }
}
