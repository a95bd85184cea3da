// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct HistoryLocationTests {
  @Test func usesXDGStateHomeWhenItIsAnAbsolutePath() {
    let file = HistoryLocation.file(
      forApp: "todo", environment: ["XDG_STATE_HOME": "/state/", "HOME": "/home/me"])
    #expect(file == "/state/todo/history")
  }

  @Test func fallsBackToLocalStateUnderHomeWhenXDGIsUnsetEmptyOrRelative() {
    for xdg in [nil, "", "relative/state"] {
      var environment = ["HOME": "/home/me"]
      environment["XDG_STATE_HOME"] = xdg
      #expect(
        HistoryLocation.file(forApp: "todo", environment: environment)
          == "/home/me/.local/state/todo/history")
    }
  }

  @Test func hasNoLocationWithoutXDGOrHome() {
    #expect(HistoryLocation.file(forApp: "todo", environment: [:]) == nil)
  }

  @Test func appNamesCannotEscapeTheirFolder() {
    #expect(
      HistoryLocation.file(forApp: "../x", environment: ["XDG_STATE_HOME": "/s"])
        == "/s/.._x/history")
  }
}
