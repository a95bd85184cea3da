// SPDX-License-Identifier: Apache-2.0

import Foundation
import Launcher
import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct LauncherTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("launcher-tests-\(UUID().uuidString)", isDirectory: true)
  let scheduler = TestScheduler()

  private func makeHost() -> WorkflowHost<LauncherWorkflow> {
    WorkflowHost(
      workflow: LauncherWorkflow(
        environment: SampleEnvironment(scheduler: scheduler, stateDirectory: folder)))
  }

  @Test func menuListsEveryApp() {
    let host = makeHost()
    let text = host.rendering.value.text
    for app in SampleApp.allCases { #expect(text.contains(app.rawValue)) }
    #expect(host.rendering.value.commandNames == ["open"])
  }

  @Test func openRunsTheAppAsAChildWithAMenuCommand() {
    let host = makeHost()
    host.rendering.value.run("open timers")
    #expect(host.rendering.value.title == "Timers")
    #expect(host.rendering.value.commandNames.last == "menu")
    #expect(host.debugTree().children.map(\.key) == ["timers"])
  }

  @Test func menuKeepsTheAppRunningWithItsState() {
    let host = makeHost()
    host.rendering.value.run("open timers")
    host.rendering.value.run("start tea")
    scheduler.advance(by: .seconds(2))
    #expect(host.rendering.value.text.contains("tea: 2:58 (running)"))
    host.rendering.value.run("menu")
    #expect(host.debugTree().children.map(\.key) == ["timers"])
    #expect(host.rendering.value.text.contains("* timers"))
    host.rendering.value.run("open todo")
    host.rendering.value.run("add milk")
    host.rendering.value.run("menu")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("open timers")
    #expect(host.rendering.value.text.contains("tea: 2:57 (running)"))
    #expect(host.debugTree().children.map(\.key) == ["timers", "todo"])
    host.rendering.value.run("menu")
    host.rendering.value.run("open todo")
    #expect(host.rendering.value.text.contains("1. [ ] milk"))
  }

  @Test func aStateSavedBeforeTheLauncherKeptItsAppsStillReads() throws {
    let decoder = JSONDecoder()
    #expect(
      try decoder.decode(LauncherWorkflow.State.self, from: Data(#"{"menu":{}}"#.utf8)) == .menu)
    #expect(
      try decoder.decode(
        LauncherWorkflow.State.self, from: Data(#"{"running":{"_0":"todo"}}"#.utf8))
        == .running(.todo))
    let state = LauncherWorkflow.State(front: .todo, opened: [.timers])
    let data = try JSONEncoder().encode(state)
    #expect(try decoder.decode(LauncherWorkflow.State.self, from: data) == state)
    #expect(state.opened == [.timers, .todo])
  }

  @Test func anUnknownAppIsTheCommandsReplyAndNotOnTheNextScreen() {
    let host = makeHost()
    let menu = host.rendering.value.text
    #expect(
      host.rendering.value.run("open chess")
        == .refused(
          "There is no app 'chess'; choose one of tictactoe, todo, timers, split, search."))
    #expect(host.rendering.value.text == menu)
    host.rendering.value.run("open todo")
    host.rendering.value.run("menu")
    #expect(!host.rendering.value.text.contains("chess"))
  }

  @Test func thePromptNamesTheOpenApp() {
    let host = makeHost()
    #expect(host.rendering.value.promptPath == [])
    host.rendering.value.run("open todo")
    #expect(host.rendering.value.promptPath == ["todo"])
    host.rendering.value.run("add milk")
    host.rendering.value.run("edit 1")
    #expect(host.rendering.value.promptPath == ["todo"])
  }

  @Test func everyAppOpens() {
    let host = makeHost()
    for app in SampleApp.allCases {
      host.rendering.value.run("open \(app.rawValue)")
      #expect(host.rendering.value.commandNames.contains("menu"), "\(app)")
      host.rendering.value.run("menu")
      #expect(host.rendering.value.title == "Workflow samples")
    }
  }
}
