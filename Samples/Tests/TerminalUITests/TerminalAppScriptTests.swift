// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing
import WorkflowReactive

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

  @Test func aBurstOfLinesWritesTheStateFileOnceAtTheEndNotPerLine() throws {
    let folder = try TemporaryFolder()
    var app = TerminalApp(
      name: "counter", workflow: CounterWorkflow(),
      stateFile: URL(fileURLWithPath: folder.file("state.json")))
    app.scheduler = TestScheduler()
    // Each line is made when the one before it was handled: the file is looked at in between.
    var seenMidway: [String?] = []
    let lines = (1...40).lazy.map { number in
      seenMidway.append(folder.contents(of: "state.json"))
      return "add \(number)"
    }
    #expect(app.run(arguments: [], lines: lines) { _ in } == 0)
    #expect(seenMidway.count == 40 && seenMidway.allSatisfy { $0 == nil })
    #expect(folder.contents(of: "state.json")?.contains(#""count":820"#) == true)
  }

  @Test func aLongBurstSavesWhenTheFirstUnsavedChangeIsADelayOld() throws {
    let folder = try TemporaryFolder()
    let clock = TestScheduler()
    var app = TerminalApp(
      name: "counter", workflow: CounterWorkflow(),
      stateFile: URL(fileURLWithPath: folder.file("state.json")))
    app.scheduler = clock
    var seen: [String?] = []
    // A quarter of a second per line: a save every fourth line, by the flush at the deadline
    // of the first unsaved change.
    let lines = (1...9).lazy.map { _ in
      seen.append(folder.contents(of: "state.json"))
      clock.advance(by: .milliseconds(250))
      return "inc"
    }
    #expect(app.run(arguments: [], lines: lines) { _ in } == 0)
    let counts = seen.map {
      $0.flatMap { $0.firstMatch(of: #/"count":(\d+)/#).map { String($0.output.1) } }
    }
    #expect(counts == [nil, nil, nil, nil, nil, "4", "4", "4", "4"])
    #expect(folder.contents(of: "state.json")?.contains(#""count":9"#) == true)
  }

  @Test func quitEndsTheRunWithTheStateSaved() throws {
    let folder = try TemporaryFolder()
    var app = TerminalApp(
      name: "counter", workflow: CounterWorkflow(),
      stateFile: URL(fileURLWithPath: folder.file("state.json")))
    app.scheduler = TestScheduler()
    #expect(app.run(arguments: [], lines: ["add 3", "quit", "inc"]) { _ in } == 0)
    #expect(folder.contents(of: "state.json")?.contains(#""count":3"#) == true)
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
