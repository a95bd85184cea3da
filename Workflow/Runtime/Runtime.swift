// SPDX-License-Identifier: Apache-2.0

import Dispatch
import WorkflowReactive

/// What the step loop asks of its host: render the tree, publish the result.
///
/// ``WorkflowHost``'s inlinable initializer makes both closures, so they run code specialized
/// for the root workflow; unspecialized, every copy of a rendering went through value witnesses.
/// They are the only way from the loop to the host.
@usableFromInline
struct HostSteps {
  /// Renders the tree from the root; observers hear the cause from the runtime's step.
  let render: () -> Void
  /// Publishes the root's rendering (when the step `rendered`) and the outputs collected since
  /// the last call.
  let publish: (_ rendered: Bool) -> Void

  @usableFromInline
  init(render: @escaping () -> Void, publish: @escaping (_ rendered: Bool) -> Void) {
    self.render = render
    self.publish = publish
  }
}

/// Runs the steps of one host: takes sends, applies them one at a time, and renders and
/// publishes once per batch.
///
/// It owns the step's ``StepStateMachine`` and does what each transition returns (see the
/// diagram in `StepStateMachine.swift`), the ``Mailbox`` of waiting sends, and the side-effect
/// work deferred to the end of a render pass. All its state is confined to the main queue: the
/// host is `@MainActor`, sinks check the queue before touching the runtime, and sends from other
/// threads reach it through the mailbox's inbox.
@usableFromInline
final class Runtime: @unchecked Sendable {
  @usableFromInline let isPartialRenderingEnabled: Bool
  @usableFromInline let observers: ObserverList
  @usableFromInline let hasObservers: Bool

  @usableFromInline @exclusivity(unchecked) var step: StepStateMachine
  private let mailbox = Mailbox()
  /// Numbers every node render, so contexts can tell whether their render is still running.
  @usableFromInline @exclusivity(unchecked) var renderCount: UInt64 = 0
  @exclusivity(unchecked) private var deferredWork = DeferredWork()
  /// The host's steps (see ``HostSteps``); `nil` until the host starts and after it shuts down.
  /// Two fields rather than an optional `HostSteps`, so that calling one does not copy both.
  @exclusivity(unchecked) private var renderStep: (() -> Void)?
  @exclusivity(unchecked) private var publishStep: ((_ rendered: Bool) -> Void)?
  /// The host, kept alive while a step it was released in unwinds.
  @exclusivity(unchecked) private var hostKeptUntilStepEnds: AnyObject?

  @exclusivity(unchecked) private var typeInfos: [ObjectIdentifier: AnyObject] = [:]
  @exclusivity(unchecked) private var lastTypeInfoID: ObjectIdentifier?
  @exclusivity(unchecked) private var lastTypeInfo: AnyObject?

  init(configuration: RuntimeConfiguration, observers: [any WorkflowObserver]) {
    precondition(MainQueue.isCurrent, "A workflow runtime must be created on the main actor")
    isPartialRenderingEnabled = configuration.isPartialRenderingEnabled
    self.observers = ObserverList(observers)
    hasObservers = !observers.isEmpty
    step = StepStateMachine(configuration: configuration)
  }

  @usableFromInline
  func typeInfo<W: Workflow>(for type: W.Type) -> WorkflowTypeInfo<W> {
    let id = ObjectIdentifier(type)
    // Siblings are usually of one type: remembering the last answer saves hashing per node.
    if id == lastTypeInfoID, let lastTypeInfo {
      return unsafeDowncast(lastTypeInfo, to: WorkflowTypeInfo<W>.self)
    }
    let info: WorkflowTypeInfo<W>
    if let known = typeInfos[id] {
      info = unsafeDowncast(known, to: WorkflowTypeInfo<W>.self)
    } else {
      info = WorkflowTypeInfo<W>()
      typeInfos[id] = info
    }
    lastTypeInfoID = id
    lastTypeInfo = info
    return info
  }

  // MARK: Receiving

  /// Handles an action sent through a sink on the main queue.
  ///
  /// Inlinable so that the action is applied by code specialized for its workflow.
  @inlinable
  func submit<W: Workflow, A: WorkflowAction>(_ action: A, to node: WorkflowNode<W>)
  where A.WorkflowType == W {
    if hasObservers { node.notifyActionReceived(action) }
    switch step.receive() {
    case .runNow:
      node.apply(action)
      applyDidEnd()
    case .enqueue:
      enqueue(action, to: node)
    case .refuse:
      sendDuringRender(W.self, sending: "an action (\(A.self))")
    case .drop:
      break
    }
  }

  /// Handles an output sent through an output sink on the main queue: the node passes it on as
  /// if one of its actions had returned it.
  @inlinable
  func submitOutput<W: Workflow>(_ output: W.Output, from node: WorkflowNode<W>) {
    switch step.receive() {
    case .runNow:
      node.emitFromSink(output)
      applyDidEnd()
    case .enqueue:
      enqueue(output, from: node)
    case .refuse:
      sendDuringRender(W.self, sending: "an output (\(W.Output.self))")
    case .drop:
      break
    }
  }

  /// Runs `work` now when idle, or queues it behind the current step.
  ///
  /// - Parameter description: The call, for the trap when it arrives during a render.
  func perform(_ description: @autoclosure () -> String, _ work: @escaping () -> Void) {
    switch step.receive() {
    case .runNow:
      work()
      applyDidEnd()
    case .enqueue:
      mailbox.enqueue(work)
    case .refuse:
      ProgrammerError.report(
        .hostCallDuringRender,
        "\(description()) was called during render; call it from outside render instead")
    case .drop:
      break
    }
  }

  /// Queues an action that arrived during a step; it is applied unless its node is gone by its
  /// turn.
  @usableFromInline
  func enqueue<W: Workflow, A: WorkflowAction>(_ action: A, to node: WorkflowNode<W>)
  where A.WorkflowType == W {
    mailbox.enqueue {
      guard node.isAlive else { return reportStaleSink(W.self) }
      node.apply(action)
    }
  }

  /// Queues an output that arrived during a step, like an action.
  @usableFromInline
  func enqueue<W: Workflow>(_ output: W.Output, from node: WorkflowNode<W>) {
    mailbox.enqueue {
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
      DispatchQueue.main.async { self.deliverInbox() }
    }
  }

  private func deliverInbox() {
    var items = mailbox.takeInbox()
    guard step.beginCollecting() else { return }
    // Each item submits its send, which is queued while collecting: the inbox is one batch.
    while let item = items.popFirst() { item() }
    run(from: step.collectingDidEnd(hasQueued: mailbox.hasQueued))
  }

  // MARK: Steps

  /// Continues the step after an action, output or host call was applied.
  @usableFromInline
  func applyDidEnd() {
    run(from: step.applyDidEnd(hasQueued: mailbox.hasQueued))
  }

  /// Does what the state machine says, until the step is over.
  private func run(from first: StepStateMachine.Next) {
    var next = first
    while true {
      switch next {
      case .applyQueued:
        guard let item = mailbox.dequeue() else {
          preconditionFailure("Workflow runtime: a step expected a queued send; none was left")
        }
        item()
        next = step.applyDidEnd(hasQueued: mailbox.hasQueued)
      case .render:
        renderStep?()
        next = step.renderDidEnd()
      case .startWork:
        runDeferredWork()
        next = step.workDidStart(hasQueued: mailbox.hasQueued)
      case .publish(let rendered):
        publishStep?(rendered)
        if hasObservers { notifyStepDidFinish(rendered: rendered) }
        next = step.publishDidEnd(hasQueued: mailbox.hasQueued)
      case .stop:
        checkInvariants()
        // The host released during this step may go now.
        hostKeptUntilStepEnds = nil
        return
      }
    }
  }

  /// Tells observers that the step ended, unless it neither rendered nor applied anything (or
  /// the host went away while publishing).
  private func notifyStepDidFinish(rendered: Bool) {
    guard step.phase == .notifying, rendered || step.hasCause else { return }
    observers.stepDidFinish(cause: step.cause, rendered: rendered)
  }

  // MARK: Host life cycle

  /// Runs the host's first render; the work it starts waits for ``start(host:)``.
  func renderInitially(_ render: () -> Void) {
    step.beginInitialRender()
    render()
    let next = step.renderDidEnd()
    precondition(next == .startWork, "Workflow runtime: the initial render ended in \(next)")
  }

  /// Connects the host's steps, then starts the side effects of the first render and handles
  /// whatever they sent.
  func start(host steps: HostSteps) {
    renderStep = steps.render
    publishStep = steps.publish
    run(from: .startWork)
  }

  /// Publishes the outputs the host held back while it was being made, unless a step that
  /// publishes them anyway is running.
  func publishHeldOutputs() {
    guard step.beginPublishingHeldOutputs() else { return }
    run(from: .publish(rendered: false))
  }

  /// Tears the host down: its step, if one is running, stops at its next transition, and no
  /// step runs after this.
  ///
  /// - Parameters:
  ///   - hostObject: Kept alive until a running step unwinds, so the step's callers do not
  ///     run on a freed host.
  ///   - tearDown: Tears the tree down; runs before the ended side effects' clean-up.
  func shutDown(host hostObject: AnyObject, _ tearDown: () -> Void) {
    if step.phase == .rendering {
      fatalError(
        """
        \(type(of: hostObject)) went away during its own render pass; release the host from \
        outside render instead
        """)
    }
    if step.shutDown() { hostKeptUntilStepEnds = hostObject }
    tearDown()
    runDeferredWork()
    mailbox.removeAll()
    renderStep = nil
    publishStep = nil
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
      switch step.phase {
      case .idle:
        precondition(
          !mailbox.hasQueued, "Workflow runtime: idle with sends still queued; they would be lost")
        precondition(
          deferredWork.isEmpty, "Workflow runtime: idle with side-effect work not yet run")
      case .shutDown:
        precondition(!mailbox.hasQueued, "Workflow runtime: shut down with sends still queued")
      case .collecting, .applying, .rendering, .startingWork, .notifying:
        break
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
