// SPDX-License-Identifier: Apache-2.0

/// Watches what a ``WorkflowHost`` does: for logging, tracing and debugging tools.
///
/// Every hook has an empty default; implement the ones you need. The host calls them on the main
/// actor, synchronously, in the order things happen. A host with no observers computes nothing
/// for them. Hooks must not send actions synchronously while a render pass runs.
public protocol WorkflowObserver {
  /// The host was created, before its first render.
  func sessionDidBegin(rootWorkflowType: any Workflow.Type)

  /// The host went away and tore its tree down.
  func sessionDidEnd()

  /// A node was created and its workflow made the initial state.
  func workflowDidMakeInitialState<W: Workflow>(
    _ workflow: W, state: W.State, at path: WorkflowNodePath)

  /// A node's parent passed a changed workflow value; `state` is after `workflowDidChange`.
  func workflowDidChange<W: Workflow>(
    from previousWorkflow: W, to workflow: W, state: W.State, at path: WorkflowNodePath)

  /// A node is about to call `render`.
  func workflowWillRender<W: Workflow>(_ workflow: W, state: W.State, at path: WorkflowNodePath)

  /// A node's `render` returned `rendering`.
  func workflowDidRender<W: Workflow>(
    _ workflow: W, rendering: W.Rendering, at path: WorkflowNodePath)

  /// A sink delivered `action` to the runtime, on the main actor, before it is applied.
  func actionWasReceived<A: WorkflowAction>(_ action: A, at path: WorkflowNodePath)

  /// `action` was applied to the node at `path`.
  func actionWasApplied<A: WorkflowAction>(
    _ action: A,
    stateBefore: A.WorkflowType.State,
    stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?,
    at path: WorkflowNodePath)

  /// A render pass of the whole tree is about to start.
  func renderPassWillBegin(cause: RenderCause)

  /// A render pass of the whole tree finished.
  func renderPassDidEnd(cause: RenderCause)

  /// A node created from a snapshot entry starts from the saved `state` instead of
  /// `makeInitialState()`.
  func workflowDidRestoreState<W: Workflow>(
    _ workflow: W, state: W.State, at path: WorkflowNodePath)

  /// A snapshot entry could not be used; the node at `path` starts fresh.
  func snapshotEntryWasSkipped(_ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath)

  /// A node's props, state and descendants had not changed, so its last rendering was reused
  /// instead of calling `render`.
  func workflowDidReuseRendering<W: Workflow>(_ workflow: W, at path: WorkflowNodePath)

  /// A node passed `output` to its parent (or, for the root, to the host).
  func workflowDidEmitOutput<W: Workflow>(
    _ output: W.Output, of workflow: W, at path: WorkflowNodePath)

  /// The host finished one step: a batch of actions (a single action under
  /// ``RuntimeConfiguration/RenderPolicy/perAction``) or an update was applied and, when
  /// `rendered`, the tree was rendered and the rendering published. `cause` is what started the
  /// step, as ``renderPassWillBegin(cause:)`` would have said.
  func stepDidFinish(cause: RenderCause, rendered: Bool)
}

extension WorkflowObserver {
  /// Does nothing.
  public func sessionDidBegin(rootWorkflowType: any Workflow.Type) {}

  /// Does nothing.
  public func sessionDidEnd() {}

  /// Does nothing.
  public func workflowDidMakeInitialState<W: Workflow>(
    _ workflow: W, state: W.State, at path: WorkflowNodePath
  ) {}

  /// Does nothing.
  public func workflowDidChange<W: Workflow>(
    from previousWorkflow: W, to workflow: W, state: W.State, at path: WorkflowNodePath
  ) {}

  /// Does nothing.
  public func workflowWillRender<W: Workflow>(
    _ workflow: W, state: W.State, at path: WorkflowNodePath
  ) {}

  /// Does nothing.
  public func workflowDidRender<W: Workflow>(
    _ workflow: W, rendering: W.Rendering, at path: WorkflowNodePath
  ) {}

  /// Does nothing.
  public func actionWasReceived<A: WorkflowAction>(_ action: A, at path: WorkflowNodePath) {}

  /// Does nothing.
  public func actionWasApplied<A: WorkflowAction>(
    _ action: A,
    stateBefore: A.WorkflowType.State,
    stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?,
    at path: WorkflowNodePath
  ) {}

  /// Does nothing.
  public func renderPassWillBegin(cause: RenderCause) {}

  /// Does nothing.
  public func renderPassDidEnd(cause: RenderCause) {}

  /// Does nothing.
  public func workflowDidRestoreState<W: Workflow>(
    _ workflow: W, state: W.State, at path: WorkflowNodePath
  ) {}

  /// Does nothing.
  public func snapshotEntryWasSkipped(
    _ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath
  ) {}

  /// Does nothing.
  public func workflowDidReuseRendering<W: Workflow>(_ workflow: W, at path: WorkflowNodePath) {}

  /// Does nothing.
  public func workflowDidEmitOutput<W: Workflow>(
    _ output: W.Output, of workflow: W, at path: WorkflowNodePath
  ) {}

  /// Does nothing.
  public func stepDidFinish(cause: RenderCause, rendered: Bool) {}
}
