// SPDX-License-Identifier: Apache-2.0

// The tests of the "Your first workflow" article; the article quotes them.

import Testing
import Workflow
import WorkflowTesting

@Suite struct TallyWorkflowTests {
  @Test func tapReportsTheGoalWhenTheCountReachesIt() {
    TallyWorkflow.Action
      .tester(
        withState: TallyWorkflow.State(count: 1),
        workflow: TallyWorkflow(goal: 2)
      )
      .send(action: .tap)
      .assert(state: TallyWorkflow.State(count: 2))
      .assert(output: .reachedGoal)
      .send(action: .reset)
      .assert(state: TallyWorkflow.State(count: 0))
      .assertNoOutput()
  }

  @Test func renderShowsTheProgressAndTapsThroughItsSink() {
    TallyWorkflow(goal: 3)
      .renderTester()
      .render { screen in
        #expect(screen.title == "0 of 3")
        screen.actions.send(.tap)
      }
      .assert(state: TallyWorkflow.State(count: 1))
      .assertNoOutput()
  }

  @MainActor @Test func sessionPrintsEachRenderingAndTheGoal() {
    var printed: [String] = []
    runTally(goal: 2, commands: ["tap", "tap", "reset"]) {
      printed.append($0)
    }
    #expect(
      printed == ["0 of 2", "1 of 2", "2 of 2", "Goal reached!", "0 of 2"])
  }
}
