// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// Keeps a tally of a counter child's reports in its own state, through `onOutput`.
private struct Tally: Workflow {
  typealias Output = Int

  struct State: Equatable {
    var reports: [Int] = []
  }

  struct Rendering {
    var reports: [Int]
    var child: Counter.Rendering
  }

  var limit = 2

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Tally>) -> Rendering {
    let limit = self.limit
    let child = Counter()
      .onOutput { (state: inout State, output: Counter.Output) -> Int? in
        guard case .reported(let value) = output else { return nil }
        state.reports.append(value)
        return state.reports.count >= limit ? state.reports.reduce(0, +) : nil
      }
      .rendered(in: context)
    return Rendering(reports: state.reports, child: child)
  }
}

@MainActor
@Suite struct OnOutputTests {
  @Test func theClosureChangesTheParentStateWhenTheChildEmits() {
    let host = WorkflowHost(workflow: Tally())
    host.rendering.value.child.sink.send(.increment)
    host.rendering.value.child.sink.send(.report)
    #expect(host.rendering.value.reports == [1])
    #expect(host.rendering.value.child.count == 1, "the child's own state is its own")
  }

  @Test func whatTheClosureReturnsIsTheParentOutput() {
    let host = WorkflowHost(workflow: Tally(limit: 2))
    var outputs: [Int] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.child.sink.send(.report)
    #expect(outputs == [])
    host.rendering.value.child.sink.send(.increment)
    host.rendering.value.child.sink.send(.report)
    #expect(outputs == [1])
  }

  @Test func theClosureSeesTheWorkflowValueOfTheLatestRender() {
    let host = WorkflowHost(workflow: Tally(limit: 5))
    var outputs: [Int] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.child.sink.send(.report)
    host.update(workflow: Tally(limit: 2))
    host.rendering.value.child.sink.send(.report)
    #expect(outputs == [0])
  }

  @Test func theParentActionIsTracedAtTheParent() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: Tally(), observers: [tracer])
    host.rendering.value.child.sink.send(.report)
    let actions = tracer.passes[1].actions
    #expect(actions.map(\.path.description) == ["Tally/Counter", "Tally"])
    #expect(actions.last?.action == "AnyWorkflowAction<Tally>")
    #expect(actions.last?.changes.isEmpty == false)
  }

  @Test func theChildKeepsItsIdentityUnderOnOutput() {
    struct Parent: Workflow {
      var watches: Bool
      func makeInitialState() -> Int { 0 }
      func render(state: Int, context: RenderContext<Parent>) -> (Int, Counter.Rendering) {
        let child =
          watches
          ? Counter().onOutput { (state: inout Int, _: Counter.Output) -> Never? in
            state += 1
            return nil
          }.rendered(in: context)
          : Counter().ignoringOutput().rendered(in: context)
        return (state, child)
      }
    }
    let host = WorkflowHost(workflow: Parent(watches: false))
    host.rendering.value.1.sink.send(.increment)
    host.update(workflow: Parent(watches: true))
    host.rendering.value.1.sink.send(.report)
    #expect(host.rendering.value.0 == 1)
    #expect(host.rendering.value.1.count == 1)
  }
}
