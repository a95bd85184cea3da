// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// A search field whose state is changed only through a `StateMutationSink`.
private struct SearchField: Workflow {
  struct State: Equatable {
    var query = ""
    var edits = 0
  }

  struct Rendering {
    var query: String
    var edits: Int
    var mutations: StateMutationSink<SearchField>
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<SearchField>) -> Rendering {
    Rendering(
      query: state.query, edits: state.edits, mutations: context.makeStateMutationSink())
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct StateMutationSinkTests {
  @Test func aClosureChangesTheStateAndTheTreeRendersAgain() {
    let host = WorkflowHost(workflow: SearchField())
    host.rendering.value.mutations.send { state in
      state.query = "swift"
      state.edits += 1
    }
    #expect(host.rendering.value.query == "swift")
    #expect(host.rendering.value.edits == 1)
  }

  @Test func aKeyPathAndValueSetOneProperty() {
    let host = WorkflowHost(workflow: SearchField())
    host.rendering.value.mutations.send(\.query, value: "workflow")
    #expect(host.rendering.value.query == "workflow")
    #expect(host.rendering.value.edits == 0)
  }

  @Test func aMutationThatChangesNothingDoesNotRender() {
    let host = WorkflowHost(workflow: SearchField())
    var renderings = 0
    let observation = host.rendering.signal.observeValues { _ in renderings += 1 }
    host.rendering.value.mutations.send(\.query, value: "")
    #expect(renderings == 0, "an Equatable state that compares equal is not a change")
    host.rendering.value.mutations.send(\.query, value: "x")
    #expect(renderings == 1)
    observation?.dispose()
  }

  @Test func mutationsSentWhileTheHostIsBusyAreQueuedInOrderAndBatched() {
    let host = WorkflowHost(workflow: SearchField())
    var published: [String] = []
    var isArmed = true
    // Sent while the host publishes a rendering: both wait, then apply in order, one render.
    let observation = host.rendering.signal.observeValues { rendering in
      published.append(rendering.query)
      guard isArmed else { return }
      isArmed = false
      rendering.mutations.send(\.query, value: "b")
      rendering.mutations.send { $0.query += "c" }
      #expect(rendering.query == "a", "queued, not applied re-entrantly")
    }
    host.rendering.value.mutations.send(\.query, value: "a")
    #expect(published == ["a", "bc"])
    observation?.dispose()
  }

  @Test func aSinkFromAnEarlierRenderReachesTheCurrentState() {
    let host = WorkflowHost(workflow: SearchField())
    let first = host.rendering.value.mutations
    first.send { $0.edits += 1 }
    first.send { $0.edits += 1 }
    #expect(host.rendering.value.edits == 2)
  }

  @Test func tracersAndHistorySeeEachMutationAsAnAction() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(
      workflow: SearchField(), observers: [tracer],
      configuration: RuntimeConfiguration(historyLimit: 5))
    host.rendering.value.mutations.send(\.query, value: "q")
    let pass = tracer.passes[1]
    #expect(pass.actions.count == 1)
    #expect(pass.actions.first?.action == "AnyWorkflowAction<SearchField>")
    #expect(pass.actions.first?.changes.map(\.field) == ["query"])
    #expect(
      host.history.map(\.cause.description).last == "AnyWorkflowAction<SearchField> at SearchField")
    #expect(host.undo())
    #expect(host.rendering.value.query == "")
  }

  @Test func aMutationFromAnotherThreadIsAppliedOnTheMainActor() async {
    let host = WorkflowHost(workflow: SearchField())
    let mutations = host.rendering.value.mutations
    await Task.detached {
      mutations.send { state in
        MainActor.assertIsolated()
        state.query = "from a task"
      }
    }.value
    await waitUntil { host.rendering.value.query == "from a task" }
    #expect(host.rendering.value.query == "from a task")
  }
}
