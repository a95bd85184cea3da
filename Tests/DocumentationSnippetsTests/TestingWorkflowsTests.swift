// SPDX-License-Identifier: Apache-2.0

// The examples of the "Testing workflows" article (WorkflowTesting.docc/TestingWorkflows.md)
// that are not already in TallyWorkflowTests or ScoreboardWorkflowTests. The article quotes
// them; change both together. The suite is a plain struct, as a reader's would be: a test that
// needs the main actor says so itself.

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

/// Runs a side effect under a new key on every render: a render that is
/// not repeatable.
struct RestlessWorkflow: Workflow {
  final class Counter {
    var renders = 0
  }

  var counter: Counter

  typealias State = Void

  func render(state: Void, context: RenderContext<RestlessWorkflow>) {
    counter.renders += 1
    context.runSideEffect(key: "job-\(counter.renders)") { _ in }
  }
}

@Suite struct TestingWorkflowsTests {
  @Test func clockCountsTheSecondsUntilItIsStopped() {
    let scheduler = TestScheduler()
    let tester = WorkerTester(
      worker: ClockWorker(scheduler: scheduler), scheduler: scheduler)
    tester.advance(by: .seconds(2))
    tester.assertNextOutput(1)
    tester.assertNextOutput(2)
    tester.assertNoMoreOutputs()
    tester.cancel()
    tester.advance(by: .seconds(1))
    tester.assertNoMoreOutputs()
    tester.assertStopped()
  }

  @MainActor @Test func exhaustiveModeReportsRenderingsNobodyChecked() async {
    let tester = WorkflowHostTester {
      ScoreboardWorkflow(goal: 1, scheduler: $0)
    }
    tester.advance(by: .seconds(1))
    withKnownIssue {
      // The clock's tick was rendered, and nobody took that rendering with
      // awaitNextRendering().
      tester.send { $0.teams[0].tally.actions.send(.tap) }
    }
    #expect(await tester.awaitNextRendering()?.status == "home wins")
    tester.finish()
  }

  @MainActor @Test func nonExhaustiveModeChecksOnlyWhatTheTestReads() {
    let tester = WorkflowHostTester(exhaustive: false) {
      ScoreboardWorkflow(goal: 1, scheduler: $0)
    }
    tester.advance(by: .seconds(3))
    tester.send { $0.teams[0].tally.actions.send(.tap) }
    #expect(tester.rendering.status == "home wins")
    tester.finish()
  }

  @Test func aRenderThatIsNotRepeatableIsReported() {
    withKnownIssue {
      RestlessWorkflow(counter: RestlessWorkflow.Counter())
        .renderTester()
        .expectSideEffect(key: "job-2")
        .render()
    }
    RestlessWorkflow(counter: RestlessWorkflow.Counter())
      .renderTester()
      .checkingRenderIdempotency(false)
      .expectSideEffect(key: "job-1")
      .render()
  }
}
