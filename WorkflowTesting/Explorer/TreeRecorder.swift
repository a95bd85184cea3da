// SPDX-License-Identifier: Apache-2.0

import Workflow

/// Watches the explorer's host: the latest state and rendering of every live node, and the
/// renders of the current step, for the idempotency check.
///
/// Built on the session-named hooks of ``WorkflowObserver``, so it sees the tree the way any
/// observer does, without reaching into the runtime.
final class TreeRecorder: WorkflowObserver {
  /// The state of one live node.
  struct NodeState {
    let typeID: ObjectIdentifier
    let state: Any
  }

  /// A render of one node in the current step: enough to render it again.
  struct Render {
    let path: WorkflowNodePath
    /// The children the live render asked for, in order.
    let children: [WorkflowNodePath.Component]
    /// Renders the node twice more with the same workflow value and state; returns what
    /// differed, or `nil`.
    let probe: (TreeRecorder) -> String?
  }

  /// A render under way: the node's state, and the children it asked for so far.
  private struct OpenRender {
    let path: WorkflowNodePath
    let state: Any
    var children: [WorkflowNodePath.Component] = []
  }

  private(set) var states: [WorkflowNodePath: NodeState] = [:]
  private(set) var renderings: [WorkflowNodePath: Any] = [:]
  private(set) var renders: [Render] = []
  private var openRenders: [OpenRender] = []
  /// Whether renders are kept for the idempotency check.
  let keepsRenders: Bool

  init(keepsRenders: Bool) {
    self.keepsRenders = keepsRenders
  }

  /// Hands over the renders of the step that just ended.
  func takeRenders() -> [Render] {
    defer { renders = [] }
    return renders
  }

  // MARK: States

  func workflowDidMakeInitialState<W: Workflow>(
    _ workflow: W, initialState: W.State, session: WorkflowSession
  ) {
    record(initialState, of: W.self, at: session.path)
  }

  func workflowDidRestoreState<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) {
    record(state, of: W.self, at: session.path)
  }

  func workflowDidChange<W: Workflow>(
    from oldWorkflow: W, to newWorkflow: W, state: W.State, session: WorkflowSession
  ) {
    record(state, of: W.self, at: session.path)
  }

  func workflowWillApplyAction<A: WorkflowAction>(
    _ action: A, workflow: A.WorkflowType, state: A.WorkflowType.State, session: WorkflowSession
  ) -> ((A.WorkflowType.State, A.WorkflowType.Output?) -> Void)? {
    let path = session.path
    return { [weak self] stateAfter, _ in
      self?.record(stateAfter, of: A.WorkflowType.self, at: path)
    }
  }

  func sessionDidEnd(_ session: WorkflowSession) {
    let path = session.path
    states[path] = nil
    renderings[path] = nil
  }

  private func record<W: Workflow>(_ state: W.State, of type: W.Type, at path: WorkflowNodePath) {
    states[path] = NodeState(typeID: ObjectIdentifier(type), state: state)
  }

  // MARK: Renders

  func workflowWillRender<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) -> ((W.Rendering) -> Void)? {
    let path = session.path
    record(state, of: W.self, at: path)
    noteChild(at: path)
    openRenders.append(OpenRender(path: path, state: state))
    return { [weak self] rendering in self?.didRender(workflow, rendering: rendering, at: path) }
  }

  func workflowDidReuseRendering<W: Workflow>(_ workflow: W, session: WorkflowSession) {
    noteChild(at: session.path)
  }

  private func didRender<W: Workflow>(
    _ workflow: W, rendering: W.Rendering, at path: WorkflowNodePath
  ) {
    renderings[path] = rendering
    guard let open = openRenders.popLast(), open.path == path else { return }
    guard keepsRenders, let state = open.state as? W.State else { return }
    renders.append(
      Render(
        path: path, children: open.children,
        probe: { recorder in
          RenderProbe.compare(
            workflow, state: state, at: path, liveChildren: open.children, recorder: recorder)
        }))
  }

  /// Notes the node at `path` as a child asked for by the render under way, if it is its parent.
  private func noteChild(at path: WorkflowNodePath) {
    guard let last = openRenders.indices.last, let component = path.components.last,
      openRenders[last].path.components == Array(path.components.dropLast())
    else { return }
    openRenders[last].children.append(component)
  }
}
