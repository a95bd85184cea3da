// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import Split
import TerminalUI
import Testing
import Workflow

@MainActor
@Suite struct SplitTests {
  private func panes(_ host: WorkflowHost<SplitWorkflow>) -> (list: Screen, detail: Screen) {
    let split = host.rendering.value
    return (split.left as! Screen, split.right as! Screen)
  }

  @Test func listAndDetailStartOnTheFirstPlanet() {
    let host = WorkflowHost(workflow: SplitWorkflow())
    let (list, detail) = panes(host)
    #expect(list.body.first == "> 1. Mercury")
    #expect(detail.title == "Mercury")
    #expect(host.rendering.value.commandNames == ["select", "star", "next", "prev"])
  }

  @Test func selectingInTheListChangesTheDetail() {
    let host = WorkflowHost(workflow: SplitWorkflow())
    host.rendering.value.run("select 3")
    #expect(panes(host).detail.title == "Earth")
    host.rendering.value.run("select saturn")
    #expect(panes(host).detail.title == "Saturn")
    #expect(panes(host).list.body[5] == "> 6. Saturn")
  }

  @Test func nextInTheDetailMovesTheListSelection() {
    let host = WorkflowHost(workflow: SplitWorkflow())
    host.rendering.value.run("prev")
    #expect(panes(host).list.body[7] == "> 8. Neptune")
    host.rendering.value.run("next")
    host.rendering.value.run("next")
    #expect(panes(host).list.body[1] == "> 2. Venus")
  }

  @Test func starringInTheDetailShowsInTheList() {
    let host = WorkflowHost(workflow: SplitWorkflow())
    host.rendering.value.run("star")
    #expect(panes(host).list.body[0] == "> 1. Mercury *")
    #expect(panes(host).detail.title == "Mercury *")
    host.rendering.value.run("star")
    #expect(panes(host).list.body[0] == "> 1. Mercury")
  }

  @Test(arguments: ["pluto", "0", "9", "-1", "-9223372036854775808", "9223372036854775807"])
  func anUnknownPlanetIsTheCommandsReplyAndChangesNothing(typed: String) {
    let host = WorkflowHost(workflow: SplitWorkflow())
    let before = host.rendering.value.render(width: 80)
    #expect(
      host.rendering.value.run("select \(typed)")
        == .refused("No planet '\(typed)'; pick 1 to 8 or a name."))
    #expect(host.rendering.value.render(width: 80) == before)
  }

  @Test func aRefusalIsNotOnTheNextScreen() {
    let host = WorkflowHost(workflow: SplitWorkflow())
    host.rendering.value.run("select pluto")
    host.rendering.value.run("next")
    #expect(panes(host).detail.title == "Venus")
    #expect(!host.rendering.value.text.contains("pluto"))
  }

  @Test func panesRenderSideBySide() {
    let host = WorkflowHost(workflow: SplitWorkflow())
    let lines = host.rendering.value.render(width: 80)
    #expect(lines.contains { $0.contains("Planets") && $0.contains("Mercury") })
  }
}
