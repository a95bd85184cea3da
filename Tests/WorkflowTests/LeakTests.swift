// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import Workflow
import WorkflowReactive

/// An object whose deallocation a test checks through a weak reference.
final class Tracked: Equatable, CustomStringConvertible {
  static func == (lhs: Tracked, rhs: Tracked) -> Bool { lhs === rhs }
  var description: String { "tracked" }
}

/// A workflow holding a tracked object in its state, with a worker and a side effect that hold
/// tracked objects too.
struct LeakProbe: Workflow {
  var census: LeakTracker
  var children: Int

  struct State {
    var token = Tracked()
  }

  func makeInitialState() -> State {
    let state = State()
    census.track(state.token, "node state")
    return state
  }

  func render(state: State, context: RenderContext<LeakProbe>) -> Sink<AnyWorkflowAction<LeakProbe>>
  {
    let census = self.census
    context.runSideEffect(key: "effect") { lifetime in
      census.track(lifetime, "side-effect lifetime")
    }
    let run = Tracked()
    census.track(run, "worker run")
    SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded { withExtendedLifetime((observer, run)) {} }
    }
    .running(in: context, key: "worker") { _ in AnyWorkflowAction<LeakProbe>.noAction }
    for index in 0..<children {
      _ = LeakProbe(census: census, children: 0).rendered(in: context, key: "\(index)")
    }
    return context.makeSink(of: AnyWorkflowAction<LeakProbe>.self)
  }
}

@MainActor
@Suite struct LeakTests {
  @Test func tearingDownAHostReleasesEverything() {
    let census = LeakTracker()
    var host: WorkflowHost<LeakProbe>? = WorkflowHost(
      workflow: LeakProbe(census: census, children: 3))
    let sink = host!.rendering.value
    host!.update(workflow: LeakProbe(census: census, children: 2))
    host = nil
    sink.send(.noAction)
    #expect(census.leakedNames == [])
  }

  @Test func droppedChildrenWorkersAndSideEffectsAreReleased() {
    let census = LeakTracker()
    let childCensus = LeakTracker()
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        if state == 0 {
          _ = LeakProbe(census: childCensus, children: 2).rendered(in: context, key: "probe")
        }
        let token = Tracked()
        census.track(token, "dropped side effect state")
        context.runSideEffect(key: "effect \(state)") { lifetime in
          lifetime.observeEnded { withExtendedLifetime(token) {} }
        }
      })
    host.rendering.value.bump()
    host.rendering.value.bump()
    #expect(childCensus.leakedNames == [])
    // The side effect of the current render is still running; only earlier ones must be gone.
    #expect(census.leakedNames.count == 1)
  }
}
