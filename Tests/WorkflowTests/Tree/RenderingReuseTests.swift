// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// A stateless leaf whose props are `value`, which says when it renders and when its props
/// change; Equatable by `value` alone.
private struct Leaf: Workflow, Equatable {
  var value: Int
  var log: Recorder<String>

  typealias Output = Int

  func workflowDidChange(from previousWorkflow: Leaf, state: inout Void) {
    log.record("change \(previousWorkflow.value)->\(value)")
  }

  func render(state: Void, context: RenderContext<Leaf>) -> Sink<Int> {
    log.record("render \(value)")
    return context.makeOutputSink()
  }

  static func == (lhs: Leaf, rhs: Leaf) -> Bool { lhs.value == rhs.value }
}

/// A stateless leaf without output.
private struct Quiet: Workflow, Equatable {
  func render(state: Void, context: RenderContext<Quiet>) -> Int { 0 }
}

/// What a parent's output handler captures, to tell when the handler is let go.
private final class Capture {}

/// Remembers the last ``Capture`` made, without keeping it.
private final class CaptureWatch {
  weak var last: Capture?
}

/// A child hands out its last rendering in place of a render when its props and subtree did not
/// change, with nobody observing: the fast path of a parent's render (see `NodeBase.renderChild`).
@MainActor
@Suite struct RenderingReuseTests {
  /// A parent whose state is the leaf's props; `listens` says whether it takes the leaf's outputs.
  private struct Parent: Workflow {
    var log: Recorder<String>
    var received: Recorder<Int>

    struct State {
      var leafValue = 1
      var listens = false
      var unrelated = 0
    }

    struct Rendering {
      var leaf: Sink<Int>
      var sink: Sink<AnyWorkflowAction<Parent>>
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<Parent>) -> Rendering {
      let leaf = Leaf(value: state.leafValue, log: log)
      let received = received
      let leafSink =
        state.listens
        ? leaf.rendered(in: context, key: "leaf") { output in
          AnyWorkflowAction<Parent> { _ in
            received.record(output)
            return nil
          }
        }
        : leaf.rendered(in: context, key: "leaf") { _ in AnyWorkflowAction<Parent>.noAction }
      return Rendering(leaf: leafSink, sink: context.makeSink(of: AnyWorkflowAction<Parent>.self))
    }
  }

  /// A parent that gives its output-less leaf an output handler (capturing a fresh ``Capture``)
  /// while its state is true.
  private struct Holder: Workflow {
    var watch: CaptureWatch

    func makeInitialState() -> Bool { true }

    /// An output map that drops every output and keeps `capture` alive while it exists.
    private static func ignoring<Output>(
      holding capture: Capture
    ) -> (Output) -> AnyWorkflowAction<Holder> {
      { _ in withExtendedLifetime(capture) { .noAction } }
    }

    func render(state: Bool, context: RenderContext<Holder>) -> Sink<AnyWorkflowAction<Holder>> {
      if state {
        let capture = Capture()
        watch.last = capture
        _ = Quiet().rendered(in: context, key: "leaf", outputMap: Self.ignoring(holding: capture))
      } else {
        _ = Quiet().rendered(in: context, key: "leaf")
      }
      return context.makeSink(of: AnyWorkflowAction<Holder>.self)
    }
  }

  private func change(_ host: WorkflowHost<Parent>, _ body: @escaping (inout Parent.State) -> Void)
  {
    host.rendering.value.sink.send(
      AnyWorkflowAction {
        body(&$0)
        return nil
      })
  }

  @Test func anUnchangedChildIsNotRenderedAgainUnlessPartialRenderingIsOff() {
    func leafEvents(_ configuration: RuntimeConfiguration) -> [String] {
      let log = Recorder<String>()
      let host = WorkflowHost(
        workflow: Parent(log: log, received: Recorder()), configuration: configuration)
      log.removeAll()
      change(host) { $0.unrelated += 1 }
      return log.events
    }
    #expect(leafEvents(.default) == [])
    #expect(leafEvents(RuntimeConfiguration(isPartialRenderingEnabled: false)) == ["render 1"])
  }

  @Test func aChildWhoseEquatablePropsChangedRendersAfterWorkflowDidChange() {
    let log = Recorder<String>()
    let host = WorkflowHost(workflow: Parent(log: log, received: Recorder()))
    log.removeAll()
    change(host) { $0.leafValue = 2 }
    #expect(log.events == ["change 1->2", "render 2"])
    log.removeAll()
    change(host) { $0.unrelated += 1 }
    #expect(log.events == [])
  }

  @Test func aReusedChildTakesTheOutputHandlerOfTheRenderThatAskedForIt() {
    let received = Recorder<Int>()
    let log = Recorder<String>()
    let host = WorkflowHost(workflow: Parent(log: log, received: received))
    change(host) { $0.listens = true }
    host.rendering.value.leaf.send(1)
    change(host) { $0.listens = false }
    host.rendering.value.leaf.send(2)
    change(host) { $0.listens = true }
    host.rendering.value.leaf.send(3)
    #expect(received.events == [1, 3])
    // The leaf never rendered again: its props did not change.
    #expect(log.events == ["render 1"])
  }

  @Test func aReusedChildLetsGoOfTheOutputHandlerTheParentNoLongerGives() {
    let watch = CaptureWatch()
    let host = WorkflowHost(workflow: Holder(watch: watch))
    #expect(watch.last != nil)
    host.rendering.value.send(
      AnyWorkflowAction {
        $0 = false
        return nil
      })
    #expect(watch.last == nil)
  }
}
