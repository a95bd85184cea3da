// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The one way the runtime reports what it does: each event goes to the record of the running
/// step (``StepRecorder``) and to the observers' hooks.
///
/// A runtime makes one only when its host has observers or a history, and checks
/// ``WorkflowRuntime/hasObservers`` before calling in, so a host without them allocates and computes
/// nothing for them. Observers that keep records (``StepRecordConsumer``: tracers, the history) receive the
/// records; the others receive the hooks of ``WorkflowObserver``, one per event, in
/// registration order.
///
/// Around a render and an apply, the hooks follow workflow-swift's chained observer: the
/// will-hooks run in registration order and the closures they return unwind in reverse, so
/// that the first observer brackets the others. ``Completions`` is that adapter; the record
/// sits innermost, so that a node's render time is `render`'s own.
@usableFromInline
final class ObserverList {
  /// The observers whose hooks are called, in registration order.
  let observers: [any WorkflowObserver]
  /// The observers that keep the records of steps, in registration order, then the history.
  let consumers: [any StepRecordConsumer]
  let recorder: StepRecorder

  init(_ observers: [any WorkflowObserver], history: (any StepRecordConsumer)?) {
    var hooked: [any WorkflowObserver] = []
    var consumers: [any StepRecordConsumer] = []
    for observer in observers {
      if let consumer = observer as? any StepRecordConsumer {
        consumers.append(consumer)
      } else {
        hooked.append(observer)
      }
    }
    if let history { consumers.append(history) }
    self.observers = hooked
    self.consumers = consumers
    recorder = StepRecorder(detail: consumers.map(\.recordDetail).max() ?? .cause)
  }

  /// The closures will-hooks returned, in registration order: workflow-swift's chained
  /// hooks, adapted onto one event each; and, for a render, the node's entry in the step's
  /// record.
  ///
  /// No wrapper type of its own, and no tuples: in the runtime's unspecialized code, each
  /// generic type made here had its metadata looked up on every render and apply (H1 +4% for a
  /// tuple, +13% with a wrapper). The array stays empty, and costs nothing, when no observer
  /// returns a closure.
  @usableFromInline
  struct Completions<Arguments> {
    var bodies: [Arguments] = []
    /// The render's entry in the step's record (see ``StepRecorder/nodeWillRender(_:)``).
    var entry = -1

    /// Calls `complete` with each closure, the last observer's first.
    func unwind(_ complete: (Arguments) -> Void) {
      // An index loop: iterating the array reversed made a generic wrapper, whose metadata was
      // looked up on every render and apply.
      var index = bodies.count
      while index > 0 {
        index -= 1
        complete(bodies[index])
      }
    }
  }

  // MARK: The host

  func hostDidBegin(rootWorkflowType: any Workflow.Type) {
    for observer in observers { observer.sessionDidBegin(rootWorkflowType: rootWorkflowType) }
  }

  func hostDidEnd() {
    for observer in observers { observer.sessionDidEnd() }
  }

  func snapshotEntryWasSkipped(_ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath) {
    for observer in observers { observer.snapshotEntryWasSkipped(reason, at: path) }
  }

  // MARK: Node life

  func sessionDidBegin(_ session: WorkflowSession) {
    recorder.nodeDidBegin()
    for observer in observers { observer.sessionDidBegin(session) }
  }

  func sessionDidEnd(_ session: WorkflowSession) {
    recorder.nodeDidEnd()
    for observer in observers { observer.sessionDidEnd(session) }
  }

  func workflowDidMakeInitialState<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) {
    for observer in observers {
      observer.workflowDidMakeInitialState(workflow, initialState: state, session: session)
    }
  }

  func workflowDidRestoreState<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) {
    for observer in observers {
      observer.workflowDidRestoreState(workflow, state: state, session: session)
    }
  }

  func workflowDidChange<W: Workflow>(
    from previous: W, to workflow: W, state: W.State, session: WorkflowSession
  ) {
    for consumer in consumers { consumer.treeMayHaveChanged() }
    for observer in observers {
      observer.workflowDidChange(from: previous, to: workflow, state: state, session: session)
    }
  }

  // MARK: Rendering

  /// The render pass of the whole tree is about to start.
  func renderPassWillBegin() {
    recorder.renderPassWillBegin()
    let cause = recorder.cause
    for observer in observers { observer.renderPassWillBegin(cause: cause) }
  }

  /// The render pass ended; `facts` are the step's so far.
  func renderPassDidEnd(facts: StepFacts) {
    recorder.renderPassDidEnd()
    let cause = recorder.cause
    for observer in observers { observer.renderPassDidEnd(cause: cause) }
    guard recorder.keepsRecords else { return }
    recorder.lendRecord(with: facts) { record in
      for consumer in consumers { consumer.stepDidRender(record) }
    }
  }

  func workflowWillRender<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) -> Completions<(W.Rendering) -> Void> {
    var completions = Completions<(W.Rendering) -> Void>()
    for observer in observers {
      if let done = observer.workflowWillRender(workflow, state: state, session: session) {
        completions.bodies.append(done)
      }
    }
    completions.entry = recorder.nodeWillRender(session)
    return completions
  }

  func workflowDidRender<Rendering>(
    _ rendering: Rendering, completing completions: Completions<(Rendering) -> Void>
  ) {
    recorder.nodeDidRender(entry: completions.entry)
    completions.unwind { $0(rendering) }
  }

  func workflowDidReuseRendering<W: Workflow>(_ workflow: W, session: WorkflowSession) {
    recorder.nodeDidReuseRendering(session)
    for observer in observers { observer.workflowDidReuseRendering(workflow, session: session) }
  }

  // MARK: Actions and outputs

  /// Records what started the step, unless something already did.
  func noteCause(_ cause: RenderCause) {
    recorder.noteCause(cause)
  }

  /// Whether the running step has a cause yet.
  var hasCause: Bool { recorder.hasCause }

  /// The tree was rebuilt (a rewind), which is what started the step.
  func treeWasRebuilt(cause: RenderCause) {
    recorder.replaceCause(with: cause)
    for consumer in consumers { consumer.treeMayHaveChanged() }
  }

  func workflowDidReceiveAction<A: WorkflowAction>(
    _ action: A, workflow: A.WorkflowType, session: WorkflowSession
  ) {
    for observer in observers {
      observer.workflowDidReceiveAction(action, workflow: workflow, session: session)
    }
  }

  func workflowWillApplyAction<A: WorkflowAction>(
    _ action: A, workflow: A.WorkflowType, state: A.WorkflowType.State,
    session: WorkflowSession
  ) -> Completions<(A.WorkflowType.State, A.WorkflowType.Output?) -> Void> {
    var completions = Completions<(A.WorkflowType.State, A.WorkflowType.Output?) -> Void>()
    for observer in observers {
      if let done = observer.workflowWillApplyAction(
        action, workflow: workflow, state: state, session: session)
      {
        completions.bodies.append(done)
      }
    }
    return completions
  }

  func workflowDidApplyAction<A: WorkflowAction>(
    _ action: A, stateBefore: A.WorkflowType.State, stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?, didChangeState: Bool, session: WorkflowSession,
    completing completions: Completions<(A.WorkflowType.State, A.WorkflowType.Output?) -> Void>
  ) {
    if recorder.keepsRecords {
      recorder.actionDidApply(
        AppliedValues(
          action, stateBefore: stateBefore, stateAfter: stateAfter, output: output,
          keepsStates: recorder.keepsEverything),
        didChangeState: didChangeState, at: session)
      for consumer in consumers { consumer.treeMayHaveChanged() }
    }
    completions.unwind { $0(stateAfter, output) }
  }

  func workflowDidEmitOutput<W: Workflow>(
    _ output: W.Output, of workflow: W, session: WorkflowSession
  ) {
    recorder.outputWasEmitted(output, at: session)
    for observer in observers {
      observer.workflowDidEmitOutput(output, of: workflow, session: session)
    }
  }

  // MARK: Side effects

  /// The side effect `key` of the node of `session` starts; its end is recorded when `lifetime`
  /// ends.
  func workDidStart(key: AnyHashable, session: WorkflowSession, lifetime: Lifetime) {
    guard recorder.keepsEverything else { return }
    recorder.work(.started, key: key, at: session)
    lifetime.observeEnded { [recorder] in recorder.work(.ended, key: key, at: session) }
  }

  // MARK: Steps

  /// The step ended.
  ///
  /// - Parameters:
  ///   - facts: What the step changed.
  ///   - rendered: Whether the tree rendered.
  ///   - queued: How many sends wait for the next step.
  ///   - isHostAlive: Whether the host is still there; observers are told only then.
  func stepDidFinish(facts: StepFacts, rendered: Bool, queued: Int, isHostAlive: Bool) {
    // The host's first render is no step for observers (its render pass is), nor is one that
    // neither rendered nor applied anything (an update to an equal value, held outputs going
    // out).
    if isHostAlive, !facts.isInitial, rendered || recorder.hasCause {
      let cause = recorder.cause
      for observer in observers { observer.stepDidFinish(cause: cause, rendered: rendered) }
    }
    recorder.finish(with: facts, queued: queued) { record in
      for consumer in consumers { consumer.stepDidFinish(record) }
    }
  }
}
