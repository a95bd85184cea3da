// SPDX-License-Identifier: Apache-2.0

/// The observers of one host, in registration order, and the one way the runtime calls them.
///
/// Each event calls, on every observer in turn, its session-named hook and then its path-named
/// one. Around a render and an apply, the will-hooks run in registration order and the
/// did-hooks unwind in reverse (see ``WorkflowObserver``). The runtime checks
/// ``Runtime/hasObservers`` before calling in, so a host without observers computes nothing for
/// them.
@usableFromInline
final class ObserverList {
  let observers: [any WorkflowObserver]

  init(_ observers: [any WorkflowObserver]) {
    self.observers = observers
  }

  /// Calls `body` for every observer, in registration order.
  @usableFromInline
  func notify(_ body: (any WorkflowObserver) -> Void) {
    for observer in observers { body(observer) }
  }

  /// The closures will-hooks returned, by the index of the observer that returned each, in
  /// registration order.
  ///
  /// Two arrays rather than one of tuples: the tuple's type metadata was made at run time on
  /// every render and apply (H1 +4%); these stay empty, and cost nothing, when no observer
  /// returns a closure.
  @usableFromInline
  struct Completions<Arguments> {
    var observers: [Int] = []
    var bodies: [Arguments] = []

    mutating func append(_ body: Arguments, from observer: Int) {
      observers.append(observer)
      bodies.append(body)
    }
  }

  // MARK: Node life

  func sessionDidBegin(_ session: WorkflowSession) {
    for observer in observers { observer.sessionDidBegin(session) }
  }

  func workflowDidMakeInitialState<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession, path: WorkflowNodePath
  ) {
    for observer in observers {
      observer.workflowDidMakeInitialState(workflow, initialState: state, session: session)
      observer.workflowDidMakeInitialState(workflow, state: state, at: path)
    }
  }

  func sessionDidEnd(_ session: WorkflowSession) {
    for observer in observers { observer.sessionDidEnd(session) }
  }

  func workflowDidChange<W: Workflow>(
    from previous: W, to workflow: W, state: W.State, session: WorkflowSession,
    path: WorkflowNodePath
  ) {
    for observer in observers {
      observer.workflowDidChange(from: previous, to: workflow, state: state, session: session)
      observer.workflowDidChange(from: previous, to: workflow, state: state, at: path)
    }
  }

  // MARK: Rendering

  func workflowWillRender<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession, path: WorkflowNodePath
  ) -> Completions<(W.Rendering) -> Void> {
    var completions = Completions<(W.Rendering) -> Void>()
    for (index, observer) in observers.enumerated() {
      if let done = observer.workflowWillRender(workflow, state: state, session: session) {
        completions.append(done, from: index)
      }
      observer.workflowWillRender(workflow, state: state, at: path)
    }
    return completions
  }

  func workflowDidRender<W: Workflow>(
    _ workflow: W, rendering: W.Rendering, path: WorkflowNodePath,
    completing completions: Completions<(W.Rendering) -> Void>
  ) {
    var next = completions.observers.count - 1
    for index in observers.indices.reversed() {
      observers[index].workflowDidRender(workflow, rendering: rendering, at: path)
      if next >= 0, completions.observers[next] == index {
        completions.bodies[next](rendering)
        next -= 1
      }
    }
  }

  // MARK: Actions

  func actionWasReceived<A: WorkflowAction>(
    _ action: A, workflow: A.WorkflowType, session: WorkflowSession, path: WorkflowNodePath
  ) {
    for observer in observers {
      observer.workflowDidReceiveAction(action, workflow: workflow, session: session)
      observer.actionWasReceived(action, at: path)
    }
  }

  func actionWillApply<A: WorkflowAction>(
    _ action: A, workflow: A.WorkflowType, state: A.WorkflowType.State,
    session: WorkflowSession
  ) -> Completions<(A.WorkflowType.State, A.WorkflowType.Output?) -> Void> {
    var completions = Completions<(A.WorkflowType.State, A.WorkflowType.Output?) -> Void>()
    for (index, observer) in observers.enumerated() {
      if let done = observer.workflowWillApplyAction(
        action, workflow: workflow, state: state, session: session)
      {
        completions.append(done, from: index)
      }
    }
    return completions
  }

  func actionWasApplied<A: WorkflowAction>(
    _ action: A, stateBefore: A.WorkflowType.State, stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?, path: WorkflowNodePath,
    completing completions: Completions<(A.WorkflowType.State, A.WorkflowType.Output?) -> Void>
  ) {
    var next = completions.observers.count - 1
    for index in observers.indices.reversed() {
      observers[index].actionWasApplied(
        action, stateBefore: stateBefore, stateAfter: stateAfter, output: output, at: path)
      if next >= 0, completions.observers[next] == index {
        completions.bodies[next](stateAfter, output)
        next -= 1
      }
    }
  }

  // MARK: Steps

  func stepDidFinish(cause: RenderCause, rendered: Bool) {
    notify { $0.stepDidFinish(cause: cause, rendered: rendered) }
  }
}
