// SPDX-License-Identifier: Apache-2.0

/// The composition point of one render: renders children, makes sinks, runs side effects.
///
/// The runtime hands a context to ``Workflow/render(state:context:)``; it is valid only during
/// that call. Using it afterwards (for example from a closure that runs later) is a programmer
/// error and traps: make sinks during render and send through them later.
public struct RenderContext<WorkflowType: Workflow> {
  // The live node, or nil when a test double backs the context. An optional rather than a
  // protocol existential, so the live path stays a direct call after one nil check.
  @usableFromInline let node: WorkflowNode<WorkflowType>?
  @usableFromInline let renderNumber: UInt64
  let fake: (any RenderContextFake<WorkflowType>)?

  @usableFromInline
  init(node: WorkflowNode<WorkflowType>, renderNumber: UInt64) {
    self.node = node
    self.renderNumber = renderNumber
    fake = nil
  }

  /// Creates a context backed by a test double instead of a live node.
  package init(fake: some RenderContextFake<WorkflowType>) {
    node = nil
    renderNumber = 0
    self.fake = fake
  }

  /// Returns the live node after checking that its render is still running, or `nil` when a
  /// fake backs the context.
  @inlinable @inline(__always)
  func liveNode() -> WorkflowNode<WorkflowType>? {
    guard let node else {
      checkFakeIsValid()
      return nil
    }
    guard node.status.isRendering, node.status.renderNumber == renderNumber else {
      usedAfterRender()
      return nil
    }
    return node
  }

  /// Traps on a use of this context after its render; when the error is reported instead (see
  /// ``ProgrammerError``), the caller goes on with ``testDouble``, a ``ContextUsedAfterRender``.
  @usableFromInline
  func usedAfterRender() {
    ProgrammerError.report(
      .renderContextUsedAfterRender,
      """
      RenderContext<\(WorkflowType.self)> used after its render pass; make sinks during render \
      and send through them later
      """)
  }

  /// Makes a sink that applies the actions sent to it to this workflow's node.
  ///
  /// The sink stays valid after this render and always reaches the node's current state.
  /// Making it again in a later render returns an equivalent sink without allocating.
  @inlinable
  public func makeSink<Action: WorkflowAction>(
    of actionType: Action.Type
  ) -> Sink<Action> where Action.WorkflowType == WorkflowType {
    guard let node = liveNode() else { return makeFakeSink(of: actionType) }
    return Sink(target: node.actionSinkTarget(for: actionType))
  }

  // Inlinable: made in unspecialized code, the node's sink target for AnyWorkflowAction (which
  // the other sinks of that type share) would apply every action unspecialized.

  /// Makes a sink of plain values, each turned into a change of state by `onEvent`.
  ///
  /// - Parameters:
  ///   - eventType: The type of the values the sink accepts.
  ///   - onEvent: Changes the state for one value and returns an output for the parent, or
  ///     `nil`.
  @inlinable
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
    guard let node = liveNode() else {
      let fake = testDouble
      return Sink { output in fake.receive(AnyWorkflowAction<WorkflowType>(sendingOutput: output)) }
    }
    return Sink(target: node.makeOutputSinkTarget())
  }

  /// Renders `child` under `key` as a child of this node.
  @inlinable @inline(__always)
  func renderChild<Child: Workflow>(
    _ child: Child,
    key: String,
    outputHandler: ((Child.Output) -> Void)?
  ) -> Child.Rendering {
    guard let node = liveNode() else {
      return renderFakeChild(child, key: key, outputHandler: outputHandler)
    }
    return node.renderChild(child, key: key, outputHandler: outputHandler)
  }

  /// Makes the closure a child node calls with its outputs: each is mapped to an action of this
  /// workflow and applied here.
  @inlinable
  func makeOutputHandler<ChildOutput, Action: WorkflowAction>(
    _ map: @escaping (ChildOutput) -> Action
  ) -> (ChildOutput) -> Void where Action.WorkflowType == WorkflowType {
    guard let node else { return makeFakeOutputHandler(map) }
    return { [unowned node] output in node.apply(map(output)) }
  }

  // MARK: Test double

  // The paths a fake takes stay out of line: the live paths above are inlined into clients,
  // which cannot see the package protocol a fake conforms to.

  /// The test double; a context has one whenever it has no node. A live context used after its
  /// render, once the error was reported, answers through a ``ContextUsedAfterRender``.
  var testDouble: any RenderContextFake<WorkflowType> {
    guard let fake else {
      if let node { return ContextUsedAfterRender(node: node) }
      preconditionFailure(
        "RenderContext<\(WorkflowType.self)> has neither a node nor a test double")
    }
    return fake
  }

  @usableFromInline
  func checkFakeIsValid() {
    testDouble.checkValid()
  }

  @usableFromInline
  func makeFakeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action>
  where Action.WorkflowType == WorkflowType {
    let fake = testDouble
    return Sink { action in fake.receive(action) }
  }

  @usableFromInline
  func renderFakeChild<Child: Workflow>(
    _ child: Child, key: String, outputHandler: ((Child.Output) -> Void)?
  ) -> Child.Rendering {
    testDouble.renderChild(child, key: key, outputHandler: outputHandler)
  }

  /// Lets a test double answer for `erased`, an `AnyWorkflow` whose outputs are ignored, by its
  /// erased type; `nil` on a live context, or when the double renders the wrapped workflow.
  func fakeRendering<Rendering, Underlying: Workflow>(
    ofOutputIgnoring erased: Any, wrapping underlying: Underlying.Type, key: String,
    as renderingType: Rendering.Type
  ) -> Rendering? {
    guard node == nil, let fake else { return nil }
    fake.checkValid()
    return fake.renderOutputIgnoringChild(
      erased, underlying: underlying, key: key, as: renderingType)
  }

  @usableFromInline
  func makeFakeOutputHandler<ChildOutput, Action: WorkflowAction>(
    _ map: @escaping (ChildOutput) -> Action
  ) -> (ChildOutput) -> Void where Action.WorkflowType == WorkflowType {
    let fake = testDouble
    return { output in fake.receive(map(output)) }
  }
}

@available(*, unavailable)
extension RenderContext: Sendable {}
