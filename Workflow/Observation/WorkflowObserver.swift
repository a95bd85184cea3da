// SPDX-License-Identifier: Apache-2.0

/// Watches what a ``WorkflowHost`` does: for logging, tracing and debugging tools.
///
/// Every hook has an empty default; implement the ones you need. The host calls them on the main
/// actor, synchronously, in the order things happen. A host with no observers computes nothing
/// for them. Hooks must not send actions synchronously while a render pass runs.
///
/// Each event has one hook. A node is named by its ``WorkflowSession``, which begins when the
/// node is made and ends when it is torn down; ``WorkflowSession/path`` says where it sits. The
/// hooks of workflow-swift keep their names and signatures: ``sessionDidBegin(_:)``,
/// ``workflowWillRender(_:state:session:)``, ``workflowWillApplyAction(_:workflow:state:session:)``
/// and the others. With several observers, the host calls each hook on the observers in the
/// order they were passed. Around a render and an apply, the will-hooks run in that order and
/// the closures they return run in reverse, so that the first observer brackets every other
/// one, as workflow-swift's chained observer does.
///
/// ``WorkflowTracer`` is an observer too, but hears none of these hooks: it reads the host's
/// record of each step.
public protocol WorkflowObserver {
  // MARK: Nodes, as in workflow-swift

  /// A node was created: its session begins, before its initial state is made.
  func sessionDidBegin(_ session: WorkflowSession)

  /// A node was torn down: its session ends, after those of its children.
  func sessionDidEnd(_ session: WorkflowSession)

  /// A node's workflow made its initial state (a node restored from a snapshot reports
  /// ``workflowDidRestoreState(_:state:session:)`` instead).
  func workflowDidMakeInitialState<WorkflowType: Workflow>(
    _ workflow: WorkflowType, initialState: WorkflowType.State, session: WorkflowSession)

  /// A node is about to call `render`; the closure returned, if any, receives the rendering.
  ///
  /// A node that reuses its last rendering (see ``workflowDidReuseRendering(_:session:)``) does
  /// not call `render` and does not call this hook.
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

  // MARK: Nodes, beyond workflow-swift

  /// A node created from a snapshot entry starts from the saved `state` instead of
  /// `makeInitialState()`.
  func workflowDidRestoreState<WorkflowType: Workflow>(
    _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession)

  /// A node's props, state and descendants had not changed, so its last rendering was reused
  /// instead of calling `render`.
  func workflowDidReuseRendering<WorkflowType: Workflow>(
    _ workflow: WorkflowType, session: WorkflowSession)

  /// A node passed `output` to its parent (or, for the root, to the host).
  func workflowDidEmitOutput<WorkflowType: Workflow>(
    _ output: WorkflowType.Output, of workflow: WorkflowType, session: WorkflowSession)

  /// A snapshot entry could not be used; the node at `path` starts fresh.
  ///
  /// Named by a path, since the node may not exist yet: when the root's type changed, the host
  /// says so before it makes the root.
  func snapshotEntryWasSkipped(_ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath)

  // MARK: The host and its steps

  /// The host was created, before its first render and before the root's session begins.
  func sessionDidBegin(rootWorkflowType: any Workflow.Type)

  /// The host went away and tore its tree down, after every node's session ended.
  func sessionDidEnd()

  /// A render pass of the whole tree is about to start.
  func renderPassWillBegin(cause: RenderCause)

  /// A render pass of the whole tree finished.
  func renderPassDidEnd(cause: RenderCause)

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
  public func workflowDidRestoreState<WorkflowType: Workflow>(
    _ workflow: WorkflowType, state: WorkflowType.State, session: WorkflowSession
  ) {}

  /// Does nothing.
  public func workflowDidReuseRendering<WorkflowType: Workflow>(
    _ workflow: WorkflowType, session: WorkflowSession
  ) {}

  /// Does nothing.
  public func workflowDidEmitOutput<WorkflowType: Workflow>(
    _ output: WorkflowType.Output, of workflow: WorkflowType, session: WorkflowSession
  ) {}

  /// Does nothing.
  public func snapshotEntryWasSkipped(
    _ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath
  ) {}

  /// Does nothing.
  public func sessionDidBegin(rootWorkflowType: any Workflow.Type) {}

  /// Does nothing.
  public func sessionDidEnd() {}

  /// Does nothing.
  public func renderPassWillBegin(cause: RenderCause) {}

  /// Does nothing.
  public func renderPassDidEnd(cause: RenderCause) {}

  /// Does nothing.
  public func stepDidFinish(cause: RenderCause, rendered: Bool) {}
}
