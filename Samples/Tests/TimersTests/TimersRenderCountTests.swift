// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import SampleTestSupport
import Testing
import Timers
import Workflow
import WorkflowReactive

@MainActor
@Suite struct TimersRenderCountTests {
  @Test func aTickRendersItsCountdownAndReusesTheOthers() {
    let scheduler = TestScheduler()
    let workflow = TimersWorkflow(
      environment: SampleEnvironment(
        scheduler: scheduler, stateDirectory: URL(fileURLWithPath: "/nonexistent")))
    let totals = RenderScenario(workflow: workflow).run([
      "add pasta 2",
      "start tea",
      // Each tick renders the list, tea and its tick worker; eggs and pasta are reused.
      .perform("three ticks") { scheduler.advance(by: .seconds(3)) },
      "start pasta",
      // Each tick of either countdown is a pass of its own; pasta finishes on its second.
      .perform("two seconds") { scheduler.advance(by: .seconds(2)) },
      // Only tea was running, so only its pause changes a state and renders.
      "pause all",
      "reset tea",
      "remove eggs",
    ])
    RenderCounts.expect(totals, equal: .init(passes: 14, freshRenders: 36, reusedRenders: 26))
  }
}
