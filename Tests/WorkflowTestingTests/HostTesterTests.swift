// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@MainActor @Suite struct HostTesterTests {
  @Test func drivesATreeOnVirtualTime() async {
    let tester = WorkflowHostTester { ParentWorkflow(scheduler: $0) }
    // The logging side effect ran while the host was being made: its change is in the first
    // rendering the tester sees.
    #expect(tester.rendering.lastTick == 0)
    tester.advance(by: .seconds(1))
    #expect(await tester.awaitNextRendering()?.lastTick == 1)
    tester.advance(by: .seconds(2))
    #expect(await tester.awaitNextRendering(where: { $0.lastTick == 3 }) != nil)
    for expected in 1...3 {
      tester.send { $0.child.sink.send(.increment) }
      #expect(await tester.awaitNextRendering()?.child.count == expected)
    }
    #expect(await tester.awaitNextOutput() == .childDone)
    tester.host?.update(workflow: ParentWorkflow(isTicking: false, scheduler: tester.scheduler))
    await tester.awaitNextRendering()
    withKnownIssue {
      tester.finish()
    } matching: {
      issue($0, says: "side effect \"log\" at ParentWorkflow")
    }
  }

  @Test func finishesCleanlyWhenEverythingWasAsserted() async {
    let tester = WorkflowHostTester(workflow: CounterWorkflow())
    #expect(tester.rendering.count == 0)
    tester.send { $0.sink.send(.increment) }
    #expect(await tester.awaitNextRendering()?.count == 1)
    tester.finish()
    #expect(tester.host == nil)
  }

  @Test func startsFromASnapshot() async throws {
    let source = WorkflowHost(workflow: SavedCounter())
    source.rendering.value.send(
      AnyWorkflowAction { state in
        state = 5; return nil
      })
    let tester = WorkflowHostTester(workflow: SavedCounter(), restoringFrom: try source.snapshot())
    #expect(tester.rendering.count == 5)
    tester.finish()
  }

  @Test func awaitsARenderingThatSatisfiesACondition() async {
    let tester = WorkflowHostTester(workflow: CounterWorkflow())
    tester.send { screen in
      for _ in 0..<3 { screen.sink.send(.increment) }
    }
    let third = await tester.awaitNextRendering(where: { $0.count == 3 })
    #expect(third?.count == 3)
    #expect(await tester.awaitNextOutput() == .reachedLimit)
    tester.finish()
  }

  @Test func reportsUnassertedRenderingsAndOutputsBeforeTheNextEvent() async {
    let tester = WorkflowHostTester(workflow: CounterWorkflow.init(step: 3))
    tester.send { $0.sink.send(.incrementByStep) }
    withKnownIssue {
      tester.send { $0.sink.send(.increment) }
    } matching: {
      issue(
        $0, says: "not asserted before this event", "rendering: Screen(count: 3",
        "output: reachedLimit")
    }
    withKnownIssue {
      tester.finish()
    } matching: {
      issue($0, says: "not asserted before finish()", "count: 4")
    }
  }

  @Test func letsValuesGoUnassertedWhenNotExhaustive() async {
    let tester = WorkflowHostTester(workflow: CounterWorkflow(), exhaustive: false)
    tester.send { $0.sink.send(.increment) }
    tester.send { $0.sink.send(.increment) }
    #expect(tester.rendering.count == 2)
    tester.finish()
  }

  @Test func reportsWorkStillRunningAtTheEnd() async {
    let tester = WorkflowHostTester(exhaustive: false) { ParentWorkflow(scheduler: $0) }
    withKnownIssue {
      tester.finish()
    } matching: {
      issue(
        $0, says: "still has work running",
        "worker TickWorker with key \"ticks\" under ParentWorkflow",
        "side effect \"log\" at ParentWorkflow")
    }
  }

  @Test func reportsARenderingThatDoesNotCome() async {
    let tester = WorkflowHostTester(workflow: CounterWorkflow())
    await withKnownIssue {
      let rendering = await tester.awaitNextRendering(timeout: .milliseconds(20))
      #expect(rendering == nil)
      await tester.awaitNextOutput(timeout: .milliseconds(20))
    } matching: {
      issue($0, says: "Expected a new rendering of CounterWorkflow, got none")
        || issue($0, says: "Expected an output of CounterWorkflow, got none")
    }
  }
}

@MainActor @Suite struct HostTesterFinishTests {
  @Test func finishDoesNotReportAWorkerWhoseWorkHasEnded() async {
    let tester = WorkflowHostTester(workflow: EndedWorkerWorkflow())
    // The worker starts right after the host's first render, and its only value is applied
    // while the host is being made: the first rendering the tester sees already holds it.
    #expect(tester.rendering == [1])
    tester.finish()
  }
}

/// Keeps rendering a worker that sends one value and completes.
private struct EndedWorkerWorkflow: Workflow {
  typealias State = [Int]
  typealias Rendering = [Int]

  func makeInitialState() -> [Int] { [] }

  func render(state: [Int], context: RenderContext<EndedWorkerWorkflow>) -> [Int] {
    ListWorker(values: [1]).running(in: context) { value in
      AnyWorkflowAction<EndedWorkerWorkflow> { state in
        state.append(value)
        return nil
      }
    }
    return state
  }
}

/// A counter whose state is saved in snapshots.
private struct SavedCounter: SnapshottableWorkflow {
  struct Rendering {
    var count: Int
    var sink: Sink<AnyWorkflowAction<SavedCounter>>

    func send(_ action: AnyWorkflowAction<SavedCounter>) { sink.send(action) }
  }

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<SavedCounter>) -> Rendering {
    Rendering(count: state, sink: context.makeSink(of: AnyWorkflowAction<SavedCounter>.self))
  }
}
