// SPDX-License-Identifier: Apache-2.0

// Checks that the examples of the "Composition patterns" article behave as the article says;
// "Testing workflows" quotes these tests. A plain suite: each test that needs the main actor
// says so itself, as the article shows.

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@Suite struct ScoreboardWorkflowTests {
  @MainActor @Test func theFirstTallyToReachItsGoalWins() async {
    let tester = WorkflowHostTester {
      ScoreboardWorkflow(goal: 1, scheduler: $0)
    }
    tester.advance(by: .seconds(2))
    let ticked = await tester.awaitNextRendering {
      $0.status == "2s played"
    }
    #expect(ticked != nil)
    tester.send { $0.teams[1].tally.actions.send(.tap) }
    #expect(await tester.awaitNextRendering()?.status == "away wins")
    tester.advance(by: .seconds(5))
    #expect(tester.rendering.status == "away wins")
    tester.finish()
  }

  @Test func renderAsksForBothTalliesAndTheClock() {
    let scheduler = TestScheduler()
    ScoreboardWorkflow(goal: 1, scheduler: scheduler)
      .renderTester()
      .expectWorkflow(
        type: TallyWorkflow.self, key: "home",
        producingRendering: TallyWorkflow.Screen(
          title: "0 of 1", actions: Sink { _ in })
      )
      .expectWorkflow(
        type: TallyWorkflow.self, key: "away",
        producingRendering: TallyWorkflow.Screen(
          title: "1 of 1", actions: Sink { _ in }),
        producingOutput: .reachedGoal
      )
      .expectWorker(ClockWorker(scheduler: scheduler), key: "clock")
      .render { screen in #expect(screen.status == "0s played") }
      .assert(state: ScoreboardWorkflow.State(winner: "away"))
  }

  @MainActor @Test func sideEffectStartsOnceAndEndsWhenNoLongerRendered() {
    var log: [String] = []
    let host = WorkflowHost(workflow: AnnouncerWorkflow(title: "a") { log.append($0) })
    host.update(workflow: AnnouncerWorkflow(title: "a") { log.append($0) })
    host.update(workflow: AnnouncerWorkflow(title: "b") { log.append($0) })
    #expect(log == ["showing a", "hiding a", "showing b"])
  }
}
