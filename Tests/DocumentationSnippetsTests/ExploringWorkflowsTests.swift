// SPDX-License-Identifier: Apache-2.0

// The examples of the "Exploring workflows" article (WorkflowTesting.docc/ExploringWorkflows.md)
// and of the explorer's doc comments. The article quotes them; change both together. The suite
// is a plain struct, as a reader's would be: a test that needs the main actor says so itself.

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@Suite struct ExploringWorkflowsTests {
  @MainActor @Test func theHallIsNeverOverbooked() {
    withKnownIssue {
      WorkflowExplorer(workflow: SeatsWorkflow(capacity: 2))
        .invariant("no seat is booked twice") { step in
          step.rendering.free < 0
            ? ["\(-step.rendering.free) seat(s) booked twice"] : []
        }
        .check()
    }
  }

  /// The report the article shows, with its long lines unwrapped.
  @MainActor @Test func theReportIsTheOneTheArticleShows() throws {
    let result = WorkflowExplorer(workflow: SeatsWorkflow(capacity: 2))
      .invariant("no seat is booked twice") { step in
        step.rendering.free < 0
          ? ["\(-step.rendering.free) seat(s) booked twice"] : []
      }
      .run()
    #expect(
      "SeatsWorkflow: \(result)" == """
        SeatsWorkflow: Explored 1 run (22 moves) from seed 0x5EED: run 0 failed \
        after 22 moves, shrunk to 3 in 16 replays.
          invariant "no seat is booked twice": 1 seat(s) booked twice
        Replay that run alone with check(seed: 0x5EED, budget: .runs(1, \
        movesPerRun: 25)), or paste the shrunk moves as a test:

            let tester = WorkflowHostTester(exhaustive: false) { scheduler in
              <#SeatsWorkflow#>
            }
            tester.send { $0.actions.send(.book) }
            tester.send { $0.actions.send(.book) }
            tester.send { $0.actions.send(.book) }
            // Fails here: invariant "no seat is booked twice": 1 seat(s) booked twice
        """)
  }

  @MainActor @Test func theReportHoldsTheShrunkMovesAsATest() throws {
    let found = try #require(
      WorkflowExplorer(
        workflow: SeatsWorkflow(capacity: 2),
        workflowCode: "SeatsWorkflow(capacity: 2)"
      )
      .invariant("no seat is booked twice") { step in
        step.rendering.free < 0
          ? ["\(-step.rendering.free) seat(s) booked twice"] : []
      }
      .run()
      .counterexample)
    #expect(
      found.testCode == """
        let tester = WorkflowHostTester(exhaustive: false) { scheduler in
          SeatsWorkflow(capacity: 2)
        }
        tester.send { $0.actions.send(.book) }
        tester.send { $0.actions.send(.book) }
        tester.send { $0.actions.send(.book) }
        // Fails here: invariant "no seat is booked twice": 1 seat(s) booked twice
        """)
    #expect(found.originalMoves.count > found.moves.count)
  }

  /// The shrunk moves, pasted into a test of their own.
  @MainActor @Test func aThirdBookingOfTwoSeatsIsRefused() {
    withKnownIssue {
      let tester = WorkflowHostTester(exhaustive: false) { scheduler in
        SeatsWorkflow(capacity: 2)
      }
      tester.send { $0.actions.send(.book) }
      tester.send { $0.actions.send(.book) }
      tester.send { $0.actions.send(.book) }
      #expect(tester.rendering.free == 0)
    }
  }

  @MainActor @Test func movesCanBeWrittenAndTheClockMoved() {
    let explorer = WorkflowExplorer(
      workflowCode: "HoldWorkflow(scheduler: scheduler)",
      moves: { _ in
        [
          .send("$0.onHold()") { $0.onHold() },
          .advance(by: .seconds(1)),
        ]
      },
      makeWorkflow: { HoldWorkflow(scheduler: $0) }
    )
    .invariant("at most three holds at once") { step in
      step.state.held > 3 ? ["\(step.state.held) holds"] : []
    }
    let found = explorer.run().counterexample
    #expect(found?.moves == Array(repeating: "tester.send { $0.onHold() }", count: 4))
  }

  @MainActor @Test func invariantsCompareTheStepWithTheOneBefore() {
    let explorer = WorkflowExplorer(workflow: SeatsWorkflow(capacity: 2))
      .invariant("a move books or frees one seat at most") { step in
        guard let before = step.previousState else { return [] }
        let change = abs(step.state.booked - before.booked)
        return change > 1 ? ["\(change) seats changed at once"] : []
      }
    #expect(explorer.run().counterexample == nil)
  }

  @MainActor @Test func seedsAndBudgets() {
    let explorer = WorkflowExplorer(workflow: SeatsWorkflow(capacity: 100))
    // The same runs every time: the default seed is fixed.
    explorer.check()
    // Further: a new seed each time, more and longer runs, at most 10 s.
    explorer.check(
      seed: .random(in: 0 ... .max),
      budget: .runs(50, movesPerRun: 40, timeLimit: .seconds(10)))
  }

  @MainActor @Test func aCounterexampleKeptAsARegressionTest() {
    let explorer = WorkflowExplorer(workflow: SeatsWorkflow(capacity: 2))
      .invariant("no seat is booked twice") { step in
        step.rendering.free < 0
          ? ["\(-step.rendering.free) seat(s) booked twice"] : []
      }
    withKnownIssue {
      explorer.replay([
        "tester.send { $0.actions.send(.book) }",
        "tester.send { $0.actions.send(.book) }",
        "tester.send { $0.actions.send(.book) }",
      ])
    }
  }

  @MainActor @Test func snapshotsAndUndoAreCheckedOnRequest() {
    WorkflowExplorer(workflow: SeatsWorkflow(capacity: 2))
      .checkingSnapshots()
      .checkingUndo()
      .check()
  }
}
