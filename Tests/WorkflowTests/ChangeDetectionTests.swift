// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// A workflow without stored properties that is not `Equatable`: every new value is a change.
struct Stateless: Workflow {
  typealias State = Void
  static let changes = Recorder<String>()

  func workflowDidChange(from previousWorkflow: Stateless, state: inout Void) {
    Self.changes.record("changed")
  }

  func render(state: Void, context: RenderContext<Stateless>) -> Counter.Rendering {
    Counter().rendered(in: context) { _ in AnyWorkflowAction<Stateless>.noAction }
  }
}

/// The same, but `Equatable`: its values are all equal.
struct EquatableStateless: Workflow, Equatable {
  typealias State = Void

  func render(state: Void, context: RenderContext<EquatableStateless>) -> Counter.Rendering {
    Counter().rendered(in: context) { _ in AnyWorkflowAction<EquatableStateless>.noAction }
  }
}

/// A link of a chain of workflows without stored data (when `Inner` has none) that are not
/// `Equatable`.
struct Wrap<Inner: Workflow>: Workflow
where Inner.Rendering == Counter.Rendering, Inner.Output == Never {
  typealias State = Void
  var inner: Inner

  func render(state: Void, context: RenderContext<Wrap>) -> Counter.Rendering {
    inner.rendered(in: context)
  }
}

/// A parent that renders a ``Stateless`` child beside a counter of its own.
struct StatelessParent: Workflow {
  func makeInitialState() -> Int { 0 }

  func render(
    state: Int, context: RenderContext<StatelessParent>
  ) -> (Int, Sink<AnyWorkflowAction<StatelessParent>>, Counter.Rendering) {
    (
      state, context.makeSink(of: AnyWorkflowAction<StatelessParent>.self),
      Stateless().rendered(in: context)
    )
  }
}

@MainActor
@Suite(.serialized) struct ChangeDetectionTests {
  @Test func hostUpdateOfAStatelessWorkflowThatIsNotEquatableRenders() {
    Stateless.changes.removeAll()
    let host = WorkflowHost(workflow: Stateless())
    var renders = 0
    host.rendering.signal.observeValues { _ in renders += 1 }
    host.update(workflow: Stateless())
    #expect(renders == 1)
    #expect(Stateless.changes.events == ["changed"])
  }

  @Test func hostUpdateOfAStatelessEquatableWorkflowDoesNotRender() {
    let host = WorkflowHost(workflow: EquatableStateless())
    var renders = 0
    host.rendering.signal.observeValues { _ in renders += 1 }
    host.update(workflow: EquatableStateless())
    #expect(renders == 0)
  }

  @Test func aStatelessChildThatIsNotEquatableChangesWhenItsParentRenders() {
    Stateless.changes.removeAll()
    let host = WorkflowHost(workflow: StatelessParent())
    host.rendering.value.1.send(
      AnyWorkflowAction { state in
        state += 1
        return nil
      })
    #expect(host.rendering.value.0 == 1)
    #expect(Stateless.changes.events == ["changed"])
  }

  @Test func aChainOfStatelessWorkflowsRendersItsLeafInEveryConfiguration() {
    let chain = Wrap(inner: Wrap(inner: Wrap(inner: Stateless())))
    #expect(MemoryLayout.size(ofValue: chain) == 0)
    for configuration in RuntimeConfiguration.allCombinations {
      Stateless.changes.removeAll()
      let host = WorkflowHost(workflow: chain, configuration: configuration)
      for expected in 1...3 {
        host.rendering.value.sink.send(.increment)
        #expect(host.rendering.value.count == expected, "\(configuration)")
      }
      // Each render pass passes the chain's end a new value, which is a change every time.
      #expect(Stateless.changes.events.count == 3, "\(configuration)")
    }
  }
}
