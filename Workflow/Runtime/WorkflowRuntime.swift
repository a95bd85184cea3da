// SPDX-License-Identifier: Apache-2.0

import Dispatch
import WorkflowReactive

/// What the step loop asks of its host: render the tree, publish the result.
///
/// ``WorkflowHost``'s inlinable initializer makes both closures, so they run code specialized
/// for the root workflow; unspecialized, every copy of a rendering went through value witnesses.
/// They are the only way from the loop to the host. They capture nothing and take the host core
/// (see ``HostCore/steps``), which the runtime holds unretained: a closure that captured the core
/// was retained and released around every call (R1: two of each per step).
@usableFromInline
struct HostSteps {
  /// Renders the tree from the root of `host`.
  let render: (_ host: AnyObject) -> Void
  /// Publishes the root's rendering (when the step `rendered`) and sends the root's outputs
  /// collected since the last time (when `sendsOutputs`).
  let publish: (_ host: AnyObject, _ rendered: Bool, _ sendsOutputs: Bool) -> Void

  @usableFromInline
  init(
    render: @escaping (_ host: AnyObject) -> Void,
    publish: @escaping (_ host: AnyObject, _ rendered: Bool, _ sendsOutputs: Bool) -> Void
  ) {
    self.render = render
    self.publish = publish
  }
}

/// Runs the steps of one host: takes sends, applies them one at a time, and renders and
/// publishes once per batch.
///
/// It owns the step's ``StepStateMachine`` (which queues the sends that wait for the next step)
/// and does what each transition returns (see the diagram in `StepStateMachine.swift`), the
/// ``Mailbox`` of sends from other threads, and the side-effect work deferred to the end of a
/// render pass. It reports each step to the ``ObserverList``, which makes the step's record. Not
/// `Sendable`: the `@MainActor` host owns it, so the compiler keeps it on the main actor; sends
/// from other threads reach it only through ``post(_:)`` and the mailbox's inbox.
@usableFromInline
final class WorkflowRuntime {
  @usableFromInline let isPartialRenderingEnabled: Bool
  /// The host's observers and the record of its steps; `nil` when it has neither observers
  /// nor a history, which then cost no allocation.
  private let observation: ObserverList?
  /// Whether the host has observers or a history: checked before every report, so that a host
  /// without them computes nothing for them.
  @usableFromInline let hasObservers: Bool
  /// Whether a node whose subtree did not change hands out its last rendering without a word:
  /// partial rendering is on and nobody observes the reuse. One flag for the render path's
  /// fastest test.
  @usableFromInline let reusesRenderingsSilently: Bool

  @usableFromInline @exclusivity(unchecked) var step: StepStateMachine<Mailbox.Item>
  private let mailbox = Mailbox()
  /// Numbers every node render, so contexts can tell whether their render is still running.
  @usableFromInline @exclusivity(unchecked) var renderCount: UInt64 = 0
  @exclusivity(unchecked) private var deferredWork = DeferredWork()
  /// The host's steps (see ``HostSteps``); `nil` until the host starts and after it shuts down.
  /// Two fields rather than an optional `HostSteps`, so that calling one does not copy both.
  @exclusivity(unchecked) private var renderStep: ((_ host: AnyObject) -> Void)?
  @exclusivity(unchecked) private var publishStep:
    ((_ host: AnyObject, _ rendered: Bool, _ sendsOutputs: Bool) -> Void)?
  /// The host core the steps are for, from its start until it shuts down. Unretained: the core
  /// owns this runtime, and its shutdown clears the field before the core can go (a step that
  /// is running then keeps it in ``hostKeptUntilStepEnds``).
  @exclusivity(unchecked) private var host: Unretained<AnyObject>?
  /// The host, kept alive while a step it was released in unwinds.
  @exclusivity(unchecked) private var hostKeptUntilStepEnds: AnyObject?

  @exclusivity(unchecked) private var typeInfos = WorkflowTypeInfoCache()

  /// Creates the runtime of a host.
  ///
  /// - Parameters:
  ///   - observers: The host's observers.
  ///   - history: The history, which keeps the records of the host's steps.
  init(
    configuration: RuntimeConfiguration, observers: [any WorkflowObserver],
    history: (any StepRecordConsumer)?
  ) {
    isPartialRenderingEnabled = configuration.isPartialRenderingEnabled
    hasObservers = !observers.isEmpty || history != nil
    observation = hasObservers ? ObserverList(observers, history: history) : nil
    reusesRenderingsSilently = isPartialRenderingEnabled && !hasObservers
    step = StepStateMachine(configuration: configuration)
  }

  /// The host's observers and the record of its steps; only when ``hasObservers``.
  @usableFromInline
  var observers: ObserverList {
    guard let observation else {
      preconditionFailure("Workflow runtime: observers were called on a host that has none")
    }
    return observation
  }

  @usableFromInline
  func typeInfo<W: Workflow>(for type: W.Type) -> WorkflowTypeInfo<W> {
    typeInfos.info(for: type)
  }

  // MARK: Receiving

  /// Handles an action sent through a sink on the main queue.
  ///
  /// Inlinable so that the action is applied by code specialized for its workflow.
  @inlinable
  func submit<W: Workflow, A: WorkflowAction>(_ action: A, to node: WorkflowNode<W>)
  where A.WorkflowType == W {
    if hasObservers { node.notifyActionReceived(action) }
    receive(
      now: { node.apply(action) },
      later: { queued(action, to: node) },
      refusal: { sendDuringRender(W.self, sending: "an action (\(A.self))") })
  }

  /// Handles an output sent through an output sink on the main queue: the node passes it on as
  /// if one of its actions had returned it.
  @inlinable
  func submitOutput<W: Workflow>(_ output: W.Output, from node: WorkflowNode<W>) {
    receive(
      now: { node.emitFromSink(output) },
      later: { queued(output, from: node) },
      refusal: { sendDuringRender(W.self, sending: "an output (\(W.Output.self))") })
  }

  /// Runs `work` now when idle, or queues it behind the current step.
  ///
  /// - Parameter description: The call, for the trap when it arrives during a render.
  func perform(_ description: @autoclosure () -> String, _ work: @escaping () -> Void) {
    receive(
      now: work,
      later: { work },
      refusal: {
        ProgrammerError.report(
          .hostCallDuringRender,
          "\(description()) was called during render; call it from outside render instead")
      })
  }

  /// The one way a send, an update or a rewind reaches the step loop: `now` runs at once when
  /// the host is idle, and the step goes on from there; what `later` makes waits behind the
  /// running step; `refusal` reports a programmer error (a trap unless ``ProgrammerError`` is
  /// reporting, then the call is dropped) when it arrives during a render; nothing happens once the
  /// host is gone.
  @inlinable
  func receive(now: () -> Void, later: () -> Mailbox.Item, refusal: () -> Void) {
    switch step.receive() {
    case .runNow:
      now()
      applyDidEnd()
    case .enqueue:
      step.enqueue(later())
    case .refuse:
      refusal()
    case .drop:
      break
    }
  }

  /// An action that arrived during a step, to apply unless its node is gone by its turn.
  @usableFromInline
  func queued<W: Workflow, A: WorkflowAction>(_ action: A, to node: WorkflowNode<W>)
    -> Mailbox.Item
  where A.WorkflowType == W {
    {
      guard node.isAlive else { return reportStaleSink(W.self) }
      node.apply(action)
    }
  }

  /// An output that arrived during a step, to pass on like an action.
  @usableFromInline
  func queued<W: Workflow>(_ output: W.Output, from node: WorkflowNode<W>) -> Mailbox.Item {
    {
      guard node.isAlive else { return reportStaleSink(W.self) }
      node.emitFromSink(output)
    }
  }

  /// Traps on a send during render; when the error is reported instead (see
  /// ``ProgrammerError``), the send is dropped.
  @usableFromInline
  func sendDuringRender(_ workflowType: Any.Type, sending what: String) {
    ProgrammerError.report(
      .sendDuringRender,
      """
      \(workflowType) sent \(what) during render; send from a side effect or a worker instead
      """)
  }

  /// Queues `item` from another thread; it runs on the main queue, batched with the other items
  /// of the inbox.
  func post(_ item: @escaping () -> Void) {
    if mailbox.post(item) {
      MainQueue.async(self) { runtime in runtime.deliverInbox() }
    }
  }

  private func deliverInbox() {
    var items = mailbox.takeInbox()
    guard step.beginCollecting() else { return }
    // Each item submits its send, which is queued while collecting: the inbox is one batch.
    while let item = items.popFirst() { item() }
    run(from: step.collectingDidEnd())
  }

  // MARK: Steps

  /// Continues the step after an action, output or host call was applied.
  @usableFromInline
  func applyDidEnd() {
    run(from: step.applyDidEnd())
  }

  /// Does what the state machine says, until the step is over.
  private func run(from first: StepStateMachine<Mailbox.Item>.Next) {
    var next = first
    while true {
      switch next {
      case .applyQueued:
        step.takeQueued()()
        next = step.applyDidEnd()
      case .render:
        if hasObservers { observers.renderPassWillBegin() }
        if let renderStep, let host { host.withObject { renderStep($0) } }
        if hasObservers { observeRenderPassEnd() }
        next = step.renderDidEnd()
      case .startWork:
        // Most steps start and end nothing: the check is inline, the work out of line.
        if !deferredWork.isEmpty { runDeferredWork() }
        next = step.workDidStart()
      case .publish(let rendered, let sendsOutputs):
        if let publishStep, let host {
          host.withObject { publishStep($0, rendered, sendsOutputs) }
        }
        if hasObservers { observeStepEnd(rendered: rendered) }
        next = step.publishDidEnd()
      case .stop:
        checkInvariants()
        // The host released during this step may go now. Tested first: most steps kept none,
        // and clearing an empty field still released it.
        if hostKeptUntilStepEnds != nil { hostKeptUntilStepEnds = nil }
        return
      }
    }
  }

  private func observeRenderPassEnd() {
    guard let facts = step.facts else { return }
    observers.renderPassDidEnd(facts: facts)
  }

  /// Tells observers that the step ended (unless the host went away while publishing).
  private func observeStepEnd(rendered: Bool) {
    let facts = step.facts ?? StepFacts()
    observers.stepDidFinish(
      facts: facts, rendered: rendered, queued: step.queuedCount,
      isHostAlive: step.phase != .shutDown)
  }

  // MARK: Host life cycle

  /// Runs the host's first render; the work it starts waits for ``start(host:)``.
  func renderInitially(_ render: () -> Void) {
    step.beginInitialRender()
    if hasObservers {
      observers.noteCause(.initial)
      observers.renderPassWillBegin()
    }
    render()
    if hasObservers { observeRenderPassEnd() }
    let next = step.renderDidEnd()
    precondition(next == .startWork, "Workflow runtime: the initial render ended in \(next)")
  }

  /// Connects the host's steps, then starts the side effects of the first render and handles
  /// whatever they sent.
  ///
  /// Outputs that this work produces before the host's initializer returns cannot have an
  /// observer yet: they are held, and go out at the next turn of the main queue, or with the
  /// outputs of the next step if one comes first.
  func start(host hostObject: AnyObject, steps: HostSteps) {
    host = Unretained(hostObject)
    renderStep = steps.render
    publishStep = steps.publish
    runDeferredWork()
    // The host's first step ends here: the host published its rendering itself.
    if hasObservers, let facts = step.facts {
      observers.stepDidFinish(
        facts: facts, rendered: true, queued: step.queuedCount, isHostAlive: true)
    }
    run(from: step.workDidStart())
    if step.hostDidStart() {
      MainQueue.async(self) { runtime in runtime.run(from: runtime.step.publishHeldOutputs()) }
    }
  }

  /// Tears the host down: its step, if one is running, stops at its next transition, and no
  /// step runs after this.
  ///
  /// - Parameters:
  ///   - hostObject: Kept alive until a running step unwinds, so the step's callers do not
  ///     run on a freed host.
  ///   - tearDown: Tears the tree down; runs before the ended side effects' clean-up.
  func shutDown(host hostObject: AnyObject, _ tearDown: () -> Void) {
    if case .rendering = step.phase {
      fatalError(
        """
        \(type(of: hostObject)) went away during its own render pass; release the host from \
        outside render instead
        """)
    }
    if step.shutDown() { hostKeptUntilStepEnds = hostObject }
    tearDown()
    runDeferredWork()
    // Dropped outside the machine: releasing a queued send may free nodes.
    _ = step.takeQueuedAfterShutDown()
    renderStep = nil
    publishStep = nil
    host = nil
  }

  // MARK: Deferred work

  /// Ends `lifetime` once the render pass is over.
  func endAfterRender(_ lifetime: Lifetime) {
    deferredWork.lifetimesToEnd.append(lifetime)
  }

  /// Runs `start` once the render pass is over, after the ended lifetimes.
  func startAfterRender(_ start: @escaping () -> Void) {
    deferredWork.starts.append(start)
  }

  /// Ends the lifetimes, then starts the side effects, until neither is left: clean-up and
  /// start-up code may tear nodes down or start more. Runs outside render, so that this code
  /// may send actions (they are queued).
  private func runDeferredWork() {
    while !deferredWork.isEmpty {
      let ends = deferredWork.lifetimesToEnd
      deferredWork.lifetimesToEnd = []
      for lifetime in ends { lifetime.end() }
      let starts = deferredWork.starts
      deferredWork.starts = []
      for start in starts { start() }
    }
  }

  /// Traps when the runtime's bookkeeping is inconsistent; compiled in debug builds only.
  func checkInvariants() {
    #if DEBUG
      mailbox.checkInvariants()
      step.checkInvariants()
      if case .idle = step.phase {
        precondition(
          deferredWork.isEmpty, "Workflow runtime: idle with side-effect work not yet run")
      }
    #endif
  }
}

/// Side-effect work that waits for the end of a render pass: lifetimes to end, then side
/// effects to start.
struct DeferredWork {
  var lifetimesToEnd: [Lifetime] = []
  var starts: [() -> Void] = []

  var isEmpty: Bool { lifetimesToEnd.isEmpty && starts.isEmpty }
}

/// Says, in debug builds, that a sink outlived its node: once per workflow type, so that a flood
/// of stale sends does not flood the output.
func reportStaleSink(_ workflowType: Any.Type) {
  #if DEBUG
    let isFirst = staleSinkTypes.withLock { $0.insert(ObjectIdentifier(workflowType)).inserted }
    guard isFirst else { return }
    print(
      """
      Workflow: a sink of \(workflowType) was used after its node went away; ignored (later ones \
      of this type are ignored silently).
      """)
  #endif
}

#if DEBUG
  /// The workflow types whose stale sinks were reported.
  private let staleSinkTypes = Locked<Set<ObjectIdentifier>>([])
#endif
