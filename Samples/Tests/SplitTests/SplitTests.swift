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

  @Test func unknownPlanetGetsAMessage() {
    let host = WorkflowHost(workflow: SplitWorkflow())
    host.rendering.value.run("select pluto")
    #expect(panes(host).detail.body.last == "No planet 'pluto'; pick 1 to 8 or a name.")
    #expect(panes(host).detail.title == "Mercury")
  }

  @Test func panesRenderSideBySide() {
    let host = WorkflowHost(workflow: SplitWorkflow())
    let lines = host.rendering.value.render(width: 80)
    #expect(lines.contains { $0.contains("Planets") && $0.contains("Mercury") })
  }
}
