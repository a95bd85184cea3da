// SPDX-License-Identifier: Apache-2.0

// What a node reports to its host's observers. The node calls these only when the runtime has
// observers (`runtime.hasObservers`), so that a host without them pays one test per event; they
// live apart from the node's render and action paths so that those read as the work itself.

extension WorkflowNode {
  /// What observers' will-render hooks returned, and the node's entry in the step record, for
  /// the end of the render.
  @usableFromInline typealias RenderCompletions = ObserverList.Completions<(W.Rendering) -> Void>

  /// Makes the session of a new node and tells observers it began.
  @usableFromInline
  static func beginSession(key: String, parent: NodeBase?, runtime: WorkflowRuntime)
    -> WorkflowSession
  {
    let session = WorkflowSession(
      workflowType: W.self, typeName: runtime.typeInfo(for: W.self).name, renderKey: key,
      parent: parent?.session)
    runtime.observers.sessionDidBegin(session)
    return session
  }

  /// The node's session, which exists whenever observers are attached.
  var observedSession: WorkflowSession {
    guard let session else {
      preconditionFailure("\(W.self): observers were called on a node without a session")
    }
    return session
  }

  @usableFromInline
  func notifyDidMakeInitialState() {
    runtime.observers.workflowDidMakeInitialState(
      workflow, state: state, session: observedSession)
  }

  /// Tells observers how a node made from a snapshot entry started: from the saved state, or
  /// fresh (with the reason the entry was skipped, if it was).
  func notifyDidRestore(isRestored: Bool, skipReason: WorkflowSnapshot.SkipReason?) {
    if let skipReason { runtime.observers.snapshotEntryWasSkipped(skipReason, at: path) }
    if isRestored {
      runtime.observers.workflowDidRestoreState(workflow, state: state, session: observedSession)
    } else {
      notifyDidMakeInitialState()
    }
  }

  @usableFromInline
  func notifyDidChange(from previous: W) {
    runtime.observers.workflowDidChange(
      from: previous, to: workflow, state: state, session: observedSession)
  }

  // MARK: Rendering

  @usableFromInline
  func notifyDidReuseRendering() {
    runtime.observers.workflowDidReuseRendering(workflow, session: observedSession)
  }

  @usableFromInline
  func notifyWillRender() -> RenderCompletions {
    runtime.observers.workflowWillRender(workflow, state: state, session: observedSession)
  }

  @usableFromInline
  func notifyDidRender(_ rendering: W.Rendering, completing completions: RenderCompletions) {
    runtime.observers.workflowDidRender(rendering, completing: completions)
  }

  // MARK: Actions and outputs

  @usableFromInline
  func notifyActionReceived<A: WorkflowAction>(_ action: A) where A.WorkflowType == W {
    runtime.observers.workflowDidReceiveAction(
      action, workflow: workflow, session: observedSession)
  }

  /// Applies `action` as ``apply(_:)`` does, telling observers before and after.
  @usableFromInline
  func applyObserved<A: WorkflowAction>(_ action: A) where A.WorkflowType == W {
    let observers = runtime.observers
    let session = observedSession
    if !observers.hasCause { observers.noteCause(.action(at: path)) }
    let completions = observers.workflowWillApplyAction(
      action, workflow: workflow, state: state, session: session)
    let before = state
    let output = action.apply(toState: &state, context: ApplyContext(node: self))
    var didChangeState = true
    if let areEqual = info.areStatesEqual, areEqual(before, state) {
      didChangeState = false
    } else {
      stateDidChange()
    }
    observers.workflowDidApplyAction(
      action, stateBefore: before, stateAfter: state, output: output,
      didChangeState: didChangeState, session: session, completing: completions)
    if let output { emit(output) }
  }

  /// Notes what started the step when the node's output sink sent an output: an action at the
  /// node, or a worker's output when the node runs a worker.
  @usableFromInline
  func notifyOutputSent() {
    let observers = runtime.observers
    guard !observers.hasCause else { return }
    observers.noteCause(runningWorkerName == nil ? .action(at: path) : .workerOutput(at: path))
  }

  @usableFromInline
  func notifyDidEmitOutput(_ output: W.Output) {
    runtime.observers.workflowDidEmitOutput(output, of: workflow, session: observedSession)
  }
}
