// SPDX-License-Identifier: Apache-2.0

/// The composition point of one render: renders children, makes sinks, runs side effects.
///
/// The runtime hands a context to ``Workflow/render(state:context:)``; it is valid only during
/// that call. Using it afterwards (for example from a closure that runs later) is a programmer
/// error and traps: make sinks during render and send through them later.
public struct RenderContext<WorkflowType: Workflow> {
  @usableFromInline let node: WorkflowNode<WorkflowType>
  @usableFromInline let renderNumber: UInt64

  @usableFromInline
  init(node: WorkflowNode<WorkflowType>, renderNumber: UInt64) {
    self.node = node
    self.renderNumber = renderNumber
  }

  @inlinable @inline(__always)
  func checkValid() {
    guard node.isRendering, node.renderNumber == renderNumber else {
      fatalError(
        """
        RenderContext<\(WorkflowType.self)> used after its render pass; make sinks during render \
        and send through them later
        """)
    }
  }

  /// Makes a sink that applies the actions sent to it to this workflow's node.
  ///
  /// The sink stays valid after this render and always reaches the node's current state.
  /// Making it again in a later render returns an equivalent sink without allocating.
  @inlinable
  public func makeSink<Action: WorkflowAction>(
    of actionType: Action.Type
  ) -> Sink<Action> where Action.WorkflowType == WorkflowType {
    checkValid()
    return Sink(target: node.actionSinkTarget(for: actionType))
  }

  /// Makes a sink of plain values, each turned into a change of state by `onEvent`.
  ///
  /// - Parameters:
  ///   - eventType: The type of the values the sink accepts.
  ///   - onEvent: Changes the state for one value and returns an output for the parent, or
  ///     `nil`.
  public func makeSink<Event>(
    of eventType: Event.Type,
    onEvent: @escaping (Event, inout WorkflowType.State) -> WorkflowType.Output?
  ) -> Sink<Event> {
    makeSink(of: AnyWorkflowAction<WorkflowType>.self).contraMap { event in
      AnyWorkflowAction { state in onEvent(event, &state) }
    }
  }

  /// Makes a sink whose values this workflow reports to its parent as outputs.
  public func makeOutputSink() -> Sink<WorkflowType.Output> {
    checkValid()
    return Sink(target: node.outputSinkTarget())
  }

  /// Renders `child` under `key` as a child of this node.
  @inlinable @inline(__always)
  func renderChild<Child: Workflow>(
    _ child: Child,
    key: String,
    outputHandler: ((Child.Output) -> Void)?,
    outputInterceptor: ((inout Child.State, Child.Output) -> Child.Output?)? = nil
  ) -> Child.Rendering {
    checkValid()
    return node.renderChild(
      child, key: key, outputHandler: outputHandler, outputInterceptor: outputInterceptor)
  }

  /// Makes the closure a child node calls with its outputs: each is mapped to an action of this
  /// workflow and applied here.
  @inlinable
  func makeOutputHandler<ChildOutput, Action: WorkflowAction>(
    _ map: @escaping (ChildOutput) -> Action
  ) -> (ChildOutput) -> Void where Action.WorkflowType == WorkflowType {
    let node = self.node
    return { [unowned node] output in node.apply(map(output)) }
  }
}

@available(*, unavailable)
extension RenderContext: Sendable {}
