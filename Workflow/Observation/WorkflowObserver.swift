// SPDX-License-Identifier: Apache-2.0

/// Watches what a ``WorkflowHost`` does: for logging, tracing and debugging tools.
///
/// Every hook has an empty default; implement the ones you need. The host calls them on the main
/// actor, synchronously, in the order things happen. A host with no observers computes nothing
/// for them. Hooks must not send actions synchronously while a render pass runs.
///
/// The hooks come in two spellings over one mechanism. Those of workflow-swift name a node by
/// its ``WorkflowSession`` (``workflowWillRender(_:state:session:)``,
/// ``workflowWillApplyAction(_:workflow:state:session:)``, ...); the others name it by its
/// ``WorkflowNodePath`` (``workflowWillRender(_:state:at:)``, ``actionWasApplied(_:stateBefore:stateAfter:output:at:)``,
/// ...). With several observers, the host calls each hook of an event on the observers in the
/// order they were passed, the session-named one before the path-named one of each observer.
/// Around a render or an apply the will-hooks run in that order and the did-hooks unwind in
/// reverse: the last observer's did-hooks (its path-named hook, then the closure its
/// session-named will-hook returned) run first, so the first observer's bracket every other
/// one.
public protocol WorkflowObserver {
  // MARK: Sessions, as in workflow-swift

  /// A node was created: its session begins, before its initial state is made.
  func sessionDidBegin(_ session: WorkflowSession)

  /// A node was torn down: its session ends, after those of its children.
  func sessionDidEnd(_ session: WorkflowSession)

  /// A node's workflow made its initial state (a node restored from a snapshot reports
  /// ``workflowDidRestoreState(_:state:at:)`` instead).
  func workflowDidMakeInitialState<WorkflowType: Workflow>(
    _ workflow: WorkflowType, initialState: WorkflowType.State, session: WorkflowSession)

  /// A node is about to call `render`; the closure returned, if any, receives the rendering.
  ///
  /// A node that reuses its last rendering (see ``workflowDidReuseRendering(_:at:)``) does not
  /// call `render` and does not call this hook.
  func workflowWillRender<WorkflowType: Workflow>(
    _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
  ) -> ((WorkflowType.Rendering) -> Void)?

  /// A node's parent passed a changed workflow value; `state` is after `workflowDidChange`.
  func workflowDidChange<WorkflowType: Workflow>(
    from oldWorkflow: WorkflowType, to newWorkflow: WorkflowType, state: WorkflowType.State,
    session: WorkflowSession)

  /// A sink delivered `action` to the runtime, on the main actor, before it is applied.
  func workflowDidReceiveAction<Action: WorkflowAction>(
    _ action: Action, workflow: Action.WorkflowType, session: WorkflowSession)

  /// `action` is about to be applied to `state`, the node's current state; the closure
  /// returned, if any, receives the state after it and the output it returned.
  ///
  /// Called for every action applied, the parent actions that map a child's output included.
  func workflowWillApplyAction<Action: WorkflowAction>(
    _ action: Action, workflow: Action.WorkflowType, state: Action.WorkflowType.State,
    session: WorkflowSession
  ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)?

  // MARK: Hosts and paths

  /// The host was created, before its first render and before the root's session begins.
  func sessionDidBegin(rootWorkflowType: any Workflow.Type)

  /// The host went away and tore its tree down, after every node's session ended.
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
  public func sessionDidBegin(_ session: WorkflowSession) {}

  /// Does nothing.
  public func sessionDidEnd(_ session: WorkflowSession) {}

  /// Does nothing.
  public func workflowDidMakeInitialState<WorkflowType: Workflow>(
    _ workflow: WorkflowType, initialState: WorkflowType.State, session: WorkflowSession
  ) {}

  /// Returns `nil`: nothing to do once the node rendered.
  public func workflowWillRender<WorkflowType: Workflow>(
    _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
  ) -> ((WorkflowType.Rendering) -> Void)? {
    nil
  }

  /// Does nothing.
  public func workflowDidChange<WorkflowType: Workflow>(
    from oldWorkflow: WorkflowType, to newWorkflow: WorkflowType, state: WorkflowType.State,
    session: WorkflowSession
  ) {}

  /// Does nothing.
  public func workflowDidReceiveAction<Action: WorkflowAction>(
    _ action: Action, workflow: Action.WorkflowType, session: WorkflowSession
  ) {}

  /// Returns `nil`: nothing to do once the action is applied.
  public func workflowWillApplyAction<Action: WorkflowAction>(
    _ action: Action, workflow: Action.WorkflowType, state: Action.WorkflowType.State,
    session: WorkflowSession
  ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? {
    nil
  }

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
