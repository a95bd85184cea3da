// SPDX-License-Identifier: Apache-2.0

import Split
import TerminalUI
import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@MainActor
@Suite struct SplitWorkflowTestingTests {
  private let stub = Screen(title: "stub", body: [], commands: [])

  @Test func rendersBothPanesAndAStarFromTheDetailChangesTheFavourites() {
    SplitWorkflow()
      .renderTester()
      .expectWorkflow(type: PlanetListWorkflow.self, key: "list", producingRendering: stub) {
        #expect($0.selection == 0)
      }
      .expectWorkflow(
        type: PlanetDetailWorkflow.self, key: "detail", producingRendering: stub,
        producingOutput: .toggleFavourite(Planet.all[0].name)
      ) {
        #expect($0.planet == Planet.all[0])
        #expect(!$0.isFavourite)
      }
      .render()
      .verifyState { #expect($0.favourites == [Planet.all[0].name]) }
  }

  @Test func listSelectCommandOutputsTheChosenIndex() {
    PlanetListWorkflow(planets: Planet.all, selection: 0, favourites: [])
      .renderTester()
      .render { screen in
        #expect(screen.run("select 3") == .done)
      }
      .assert(output: .select(2))
  }

  @Test func hostMovesTheSelectionWithTheDetailCommands() async {
    let tester = WorkflowHostTester(workflow: SplitWorkflow())
    tester.send { $0.right.run("next") }
    let next = await tester.awaitNextRendering()
    #expect(next?.right.title.hasPrefix(Planet.all[1].name) == true)
    tester.send { $0.right.run("star") }
    #expect(await tester.awaitNextRendering()?.right.title == Planet.all[1].name + " *")
    tester.finish()
  }
}
