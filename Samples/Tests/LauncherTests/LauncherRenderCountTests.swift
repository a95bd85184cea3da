// SPDX-License-Identifier: Apache-2.0

import Foundation
import Launcher
import SampleSupport
import SampleTestSupport
import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct LauncherRenderCountTests {
  @Test func appsRenderUnderTheLauncherAsOnTheirOwn() {
    let workflow = LauncherWorkflow(
      environment: SampleEnvironment(
        scheduler: TestScheduler(), stateDirectory: URL(fileURLWithPath: "/nonexistent")))
    let totals = RenderScenario(workflow: workflow, screen: { $0 }).run([
      // An app that does not exist is the command's reply: nothing renders.
      .refused("open chess"),
      "open todo",
      "add milk",
      "add eggs",
      // The launcher, the list and row 2 render; row 1 is reused.
      "done 2",
      "menu",
      "open split",
      .refused("select pluto"),
      "menu",
    ])
    // The apps opened render with the launcher, behind the menu too: todo's root (its workflow
    // is not Equatable) afresh, its rows reused.
    RenderCounts.expect(totals, equal: .init(passes: 8, freshRenders: 22, reusedRenders: 10))
  }
}
