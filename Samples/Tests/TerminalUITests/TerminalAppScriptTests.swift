// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing

/// `TerminalApp.run(arguments:lines:output:)`: the piped session of an executable, in process.
@MainActor
@Suite struct TerminalAppScriptTests {
  @Test func aScriptRunsAsAPipedSessionAndEndsWithZero() {
    var output = ""
    let status = TerminalApp(name: "counter", workflow: CounterWorkflow())
      .run(arguments: [], lines: ["inc", ":await", "quit", "inc"]) { output += $0 }
    #expect(status == 0)
    #expect(
      output
        == "counter\n-------\ncount: 0\ncounter> inc\n\ncounter\n-------\ncount: 1\n"
        + "counter> :await\n(no new screen)\ncounter> quit\n")
  }

  @Test func aScriptSavesTheStateFileAndTheNextOneStartsFromIt() throws {
    let folder = try TemporaryFolder()
    let app = TerminalApp(
      name: "counter", workflow: CounterWorkflow(),
      stateFile: URL(fileURLWithPath: folder.file("state.json")))
    #expect(app.run(arguments: [], lines: ["add 4"]) { _ in } == 0)
    var output = ""
    #expect(app.run(arguments: [], lines: []) { output += $0 } == 0)
    #expect(output == "counter\n-------\ncount: 4\n")
  }

  @Test func flagsAreReadAsTheExecutableReadsThem() throws {
    let app = TerminalApp(name: "counter", workflow: CounterWorkflow())
    var output = ""
    #expect(
      app.run(arguments: ["--restore", "/nonexistent"], lines: ["inc"]) { output += $0 } == 2)
    #expect(
      output
        == "counter: cannot restore from /nonexistent: No such file or directory;"
        + " nothing was started or changed\n")
    output = ""
    #expect(app.run(arguments: ["--bogus"], lines: []) { output += $0 } == 2)
    #expect(output.hasPrefix("counter: unknown option '--bogus'\nusage: counter "))
    output = ""
    #expect(app.run(arguments: ["--help"], lines: []) { output += $0 } == 0)
    #expect(output.hasPrefix("usage: counter "))
  }
}
