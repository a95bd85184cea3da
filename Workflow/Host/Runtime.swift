// SPDX-License-Identifier: Apache-2.0

import Dispatch
import WorkflowReactive

/// What a ``Runtime`` asks of the host it drives.
protocol RuntimeDriver: AnyObject {
  /// Renders the tree from its root.
  func renderRoot(cause: RenderCause)
  /// Publishes the rendering (when `rendered`) and the outputs collected since the last call.
  func deliverNotifications(rendered: Bool)
}

/// The mailbox and scheduler of one host: queues actions, applies them one at a time, and decides
/// when to render.
///
/// All its state is confined to the main thread: the host is `@MainActor`, and sinks check the
/// thread before touching the runtime. Sends from other threads go through a locked inbox and one
/// hop to the main queue per non-empty inbox, so a flood of sends costs few hops and keeps each
/// sender's order.
///
/// The lifecycle of one step is `idle -> applying -> rendering -> busy (deferred work) ->
/// notifying -> idle`. A send that arrives in any phase but `idle` and `rendering` is queued; a
/// send during `rendering` is a programmer error.
@usableFromInline
final class Runtime: @unchecked Sendable {
  @usableFromInline
  enum Phase {
    case idle
    case busy
    case applying
    case rendering
    case notifying
  }

  let configuration: RuntimeConfiguration
  @usableFromInline let isPartialRenderingEnabled: Bool
  let observers: [any WorkflowObserver]
  @usableFromInline let hasObservers: Bool

  @usableFromInline @exclusivity(unchecked) private(set) var phase = Phase.idle
  @exclusivity(unchecked) private var queue: ContiguousArray<() -> Void> = []
  @exclusivity(unchecked) private var queueHead = 0
  // A plain pthread mutex: under contention from many senders, Synchronization.Mutex spun so
  // long on Linux that the stress test spent most of its time in the lock.
  private let inboxLock = PthreadMutex()
  private var inboxItems: [() -> Void] = []
  private var isHopScheduled = false

  /// Set when an applied action changed some state; cleared by each step.
  @exclusivity(unchecked) var stateDidChange = false
  /// Set when the root workflow value changed; cleared by each step.
  @exclusivity(unchecked) var rootWorkflowDidChange = false
  /// The first cause of the coming render pass, recorded only when observers are attached.
  @exclusivity(unchecked) var renderCause: RenderCause?
  /// Numbers every node render, so contexts can tell whether their render is still running.
  @usableFromInline @exclusivity(unchecked) var renderCount: UInt64 = 0
  /// Side-effect lifetimes to end once the render pass is over.
  @exclusivity(unchecked) var pendingLifetimeEnds: [Lifetime] = []
  /// Side effects to start once the render pass is over.
  @exclusivity(unchecked) var pendingStarts: [() -> Void] = []

  // Unowned: the driver (the host) owns the runtime and clears this in its shutdown. Weak
  // would give the host a side table and slow down every step.
  unowned(unsafe) var driver: (any RuntimeDriver)?
  /// The driver's render and deliver steps in code specialized for its root workflow, when the
  /// host provided them; ``finishStep()`` prefers them to the driver's generic methods.
  @exclusivity(unchecked) var renderStep: ((RenderCause) -> Void)?
  @exclusivity(unchecked) var deliverStep: ((Bool) -> Void)?
  @exclusivity(unchecked) private var typeInfos: [ObjectIdentifier: AnyObject] = [:]
  @exclusivity(unchecked) private var lastTypeInfoID: ObjectIdentifier?
  @exclusivity(unchecked) private var lastTypeInfo: AnyObject?

  init(configuration: RuntimeConfiguration, observers: [any WorkflowObserver]) {
    self.configuration = configuration
    isPartialRenderingEnabled = configuration.isPartialRenderingEnabled
    self.observers = observers
    hasObservers = !observers.isEmpty
    precondition(MainQueue.isCurrent, "A workflow runtime must be created on the main actor")
  }

  /// Whether the caller runs on the main queue, to which the runtime is confined.
  @inline(__always)
  var isOnMainThread: Bool { MainQueue.isCurrent }

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

  /// Handles an action sent through a sink on the main thread.
  ///
  /// Inlinable so that the action is applied by code specialized for its workflow.
  @inlinable
  func submit<W: Workflow, A: WorkflowAction>(_ action: A, to node: WorkflowNode<W>)
  where A.WorkflowType == W {
    if hasObservers { notifyActionReceived(action, at: node) }
    if case .idle = phase {
      beginStep()
      node.apply(action)
      finishStepOfAction()
    } else {
      submitWhileBusy(action, to: node)
    }
  }

  @usableFromInline
  func notifyActionReceived<W: Workflow, A: WorkflowAction>(
    _ action: A, at node: WorkflowNode<W>
  ) where A.WorkflowType == W {
    let path = node.path
    notifyObservers { $0.actionWasReceived(action, at: path) }
  }

  /// Enters the step of an action sent while idle.
  @usableFromInline
  func beginStep() {
    phase = .applying
  }

  /// Finishes the step of an action sent while idle, with everything it caused.
  @usableFromInline
  func finishStepOfAction() {
    finishAction()
    runLoop()
  }

  /// Traps on a send during render, or queues the action behind the current step.
  @usableFromInline
  func submitWhileBusy<W: Workflow, A: WorkflowAction>(_ action: A, to node: WorkflowNode<W>)
  where A.WorkflowType == W {
    switch phase {
    case .idle:
      preconditionFailure("Runtime.submitWhileBusy called while idle")
    case .rendering:
      fatalError(
        """
        \(W.self) sent an action during render; send from a side effect or a worker instead \
        (action: \(A.self))
        """)
    case .busy, .applying, .notifying:
      queue.append {
        guard node.isAlive else {
          reportStaleSink(W.self)
          return
        }
        node.apply(action)
      }
    }
  }

  /// Runs `work` now when idle, or queues it behind the actions already waiting.
  func perform(_ description: @autoclosure () -> String, _ work: @escaping () -> Void) {
    switch phase {
    case .idle:
      phase = .applying
      work()
      finishAction()
      runLoop()
    case .rendering:
      fatalError("\(description()) was called during render; call it from outside render instead")
    case .busy, .applying, .notifying:
      queue.append(work)
    }
  }

  /// Queues `item` from another thread; it runs on the main queue.
  func post(_ item: @escaping () -> Void) {
    inboxLock.lock()
    inboxItems.append(item)
    let needsHop = !isHopScheduled
    isHopScheduled = true
    inboxLock.unlock()
    if needsHop {
      DispatchQueue.main.async { self.drainInbox() }
    }
  }

  private func drainInbox() {
    inboxLock.lock()
    let items = inboxItems
    inboxItems = []
    isHopScheduled = false
    inboxLock.unlock()
    guard phase == .idle else {
      // Cannot happen while steps run synchronously on the main thread; kept for safety.
      for item in items { queue.append(item) }
      return
    }
    // Items submit their actions; while busy they are queued, so the whole inbox is one batch.
    phase = .busy
    for item in items { item() }
    runLoop()
  }

  // MARK: Steps

  private func finishAction() {
    if configuration.renderPolicy == .perAction { finishStep() }
  }

  private func runLoop() {
    while true {
      while queueHead < queue.count {
        let item = queue[queueHead]
        queueHead += 1
        phase = .applying
        item()
        finishAction()
      }
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
      if configuration.renderPolicy == .oncePerBatch { finishStep() }
      if queue.isEmpty { break }
    }
    phase = .idle
  }

  /// Renders if needed, runs deferred work, then publishes the rendering and outputs.
  private func finishStep() {
    let shouldRender =
      stateDidChange || rootWorkflowDidChange || !configuration.skipsRenderWhenStateIsUnchanged
    stateDidChange = false
    rootWorkflowDidChange = false
    // Without a recorded cause nothing was applied: a loop that found no work.
    let isEmptyStep = renderCause == nil
    let cause = renderCause ?? .workflowUpdate
    renderCause = nil
    if shouldRender {
      phase = .rendering
      if let renderStep {
        renderStep(cause)
      } else {
        driver?.renderRoot(cause: cause)
      }
      phase = .busy
      runDeferredWork()
    }
    phase = .notifying
    if let deliverStep {
      deliverStep(shouldRender)
    } else {
      driver?.deliverNotifications(rendered: shouldRender)
    }
    phase = .busy
    if hasObservers, shouldRender || !isEmptyStep {
      notifyObservers { $0.stepDidFinish(cause: cause, rendered: shouldRender) }
    }
  }

  /// Runs the initial render of a host. Its side effects start in ``finishInitialRender()``,
  /// once the host can take their actions and outputs.
  func runInitialRender(_ render: () -> Void) {
    phase = .rendering
    render()
    phase = .busy
  }

  /// Starts the side effects of the initial render, then handles whatever they sent.
  func finishInitialRender() {
    runDeferredWork()
    runLoop()
  }

  /// Ends the lifetimes of torn-down side effects, then starts new ones.
  ///
  /// Runs outside render so that clean-up and start-up code may send actions (they are queued).
  func runDeferredWork() {
    while !pendingLifetimeEnds.isEmpty || !pendingStarts.isEmpty {
      let ends = pendingLifetimeEnds
      pendingLifetimeEnds = []
      for lifetime in ends { lifetime.end() }
      let starts = pendingStarts
      pendingStarts = []
      for start in starts { start() }
    }
  }

  /// Tears the host down: no step may run after this.
  func shutDown(_ tearDown: () -> Void) {
    let previous = phase
    phase = .busy
    tearDown()
    runDeferredWork()
    queue.removeAll()
    driver = nil
    renderStep = nil
    deliverStep = nil
    phase = previous == .idle ? .idle : previous
  }

  // MARK: Observers

  /// Calls `body` for every observer. Callers check ``hasObservers`` first, so that nothing is
  /// computed for observers when there are none.
  @usableFromInline
  func notifyObservers(_ body: (any WorkflowObserver) -> Void) {
    for observer in observers { body(observer) }
  }
}

/// Says, in debug builds, that a sink outlived its node.
func reportStaleSink(_ workflowType: Any.Type) {
  #if DEBUG
    print("Workflow: a sink of \(workflowType) was used after its node went away; ignored.")
  #endif
}
