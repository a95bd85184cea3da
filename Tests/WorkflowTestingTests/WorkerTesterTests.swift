// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@Suite struct WorkerTesterTests {
  @Test func collectsOutputsOnVirtualTimeAndStopsOnCancel() {
    let scheduler = TestScheduler()
    let tester = WorkerTester(
      worker: TickWorker(interval: .seconds(1), scheduler: scheduler), scheduler: scheduler)
    tester.advance(by: .seconds(1))
    tester.assertNextOutput(1)
    tester.advance(by: .seconds(2))
    tester.assertNextOutput(2)
    tester.assertNextOutput(3)
    tester.assertNoMoreOutputs()
    tester.cancel()
    tester.assertStopped()
    tester.advance(by: .seconds(5))
    tester.assertNoMoreOutputs()
    #expect(tester.outputs == [1, 2, 3])
    #expect(!tester.isFinished)
  }

  @Test func seesAWorkerFinish() {
    let tester = WorkerTester(worker: ListWorker(values: [4, 5]))
    tester.assertNextOutput(4)
    tester.assertNextOutput(5)
    tester.assertFinished()
    tester.assertStopped()
  }

  @Test func waitsForAWorkerInATask() async {
    let tester = WorkerTester(worker: AnswerWorker())
    // Generous: the worker's task needs a thread of the cooperative pool, which the suite's
    // thread-heavy synchronous tests can hold for many seconds under the thread sanitizer.
    let answer = await tester.nextOutput(within: .seconds(120))
    #expect(answer == 42)
  }

  @Test func reportsAMissingOrWrongOutput() {
    let scheduler = TestScheduler()
    let tester = WorkerTester(worker: TickWorker(interval: .seconds(1), scheduler: scheduler))
    withKnownIssue {
      tester.assertNextOutput(1)
    } matching: {
      issue($0, says: "Expected output 1 of TickWorker, got none yet")
    }
    scheduler.advance(by: .seconds(2))
    withKnownIssue {
      tester.assertNextOutput(7)
    } matching: {
      issue($0, says: "Output of TickWorker differs", "expected 7, got 1")
    }
    withKnownIssue {
      tester.assertNoMoreOutputs()
    } matching: {
      issue($0, says: "Expected no more outputs of TickWorker, got 2")
    }
  }

  @Test func reportsAWorkerStillRunning() {
    let tester = WorkerTester(
      worker: TickWorker(interval: .seconds(1), scheduler: TestScheduler()))
    withKnownIssue {
      tester.assertFinished()
      tester.assertStopped()
    } matching: {
      issue($0, says: "Expected TickWorker to have finished, but it is still running")
        || issue($0, says: "Expected TickWorker to have stopped")
    }
  }

  @Test func reportsATimeoutWaitingForAnOutput() async {
    let tester = WorkerTester(
      worker: TickWorker(interval: .seconds(1), scheduler: TestScheduler()))
    await withKnownIssue {
      let output = await tester.nextOutput(within: .milliseconds(20))
      #expect(output == nil)
    } matching: {
      issue($0, says: "Expected an output of TickWorker within")
    }
  }
}
