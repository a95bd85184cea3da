// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// On a terminal, search filters as the query is typed: the live region shows the matches and
/// their total above the line before Enter is pressed.
@Suite struct SearchAsYouTypeTests {
  @Test(
    .enabled(
      if: SampleProcess.script != nil, "needs util-linux's script(1) for a pseudo-terminal"))
  func theMatchesFollowTheLineBeforeEnter() async throws {
    // A terminal that can redraw the live region in place (the tests' default, dumb, cannot).
    let running = try RunningSample(
      app: SampleProcess(app: "search"), variables: ["TERM": "xterm"], onTerminal: true)
    try await running.waitForEvent("waiting", afterLines: 0)
    running.send(raw: "wor")
    try await running.waitForOutput(containing: "16 matches, the best 10:")
    // Deleting a letter searches again.
    running.send(raw: "\u{7F}")
    try await running.waitForOutput(containing: "Query: wo\r")
    running.send(raw: "rk\r")
    try await running.waitForEvent("waiting", afterLines: 1)
    running.send(raw: "quit\r")
    let result = try await running.waitForExit()
    #expect(result.exitedNormally && result.status == 0, "search exited with \(result.status)")
    #expect(result.text.contains("5 matches:"), "\(result.text)")
  }
}
