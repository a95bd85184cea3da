// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// The shared machinery of a signal: its observers, its state, and event delivery.
///
/// One ``SendLock`` guards everything. Holding it during delivery serializes concurrent senders
/// and lets a disposal from another thread wait until the observer it removes is no longer being
/// called. Calls the delivering thread makes back into the core (re-entrant calls) are told apart
/// by the lock's owner and handled by ``Status``:
///
/// - a value sent during delivery traps: values are never sent recursively;
/// - a terminal event sent during delivery is kept and delivered once the current event has been
///   delivered to everyone;
/// - observing or disposing during delivery takes effect at once.
///
/// Each operation ends with ``checkInvariants()``, which in debug and test builds traps when the
/// observer list, the status or the lock's owner disagree (see `SignalCore+Invariants.swift`).
@usableFromInline
package final class SignalCore<Value, Error: Swift.Error>: @unchecked Sendable {
  @usableFromInline
  package typealias Event = Signal<Value, Error>.Event

  @usableFromInline
  typealias Status = SignalCoreStatus

  // Shared with the upstream core for signals derived by synchronous operators: the upstream's
  // delivery then already holds it, and one lock serializes the whole chain.
  @usableFromInline let lock: SendLock
  // The lock guards these, so the runtime's exclusivity checks on each access are redundant
  // (and were a third of the cost of a send).
  @exclusivity(unchecked) @usableFromInline var status = Status.alive
  // The terminal event received during a delivery, set while `status` is terminationPending.
  @exclusivity(unchecked) @usableFromInline var pendingTermination: Event?
  @exclusivity(unchecked) @usableFromInline var observers = SignalObserverList()
  // Work to run once the current delivery has reached every observer; see runAfterDelivery(_:).
  @exclusivity(unchecked) @usableFromInline var afterDelivery: ContiguousArray<() -> Void> = []
  // Not generic, so that disposing an observer runs no code that looks up type metadata.
  @usableFromInline typealias Subscription = SignalSubscription
  private let disposables: CompositeDisposable?
  // Every copy of the owning `Signal` is gone: the core is disposed once it has no observer.
  @exclusivity(unchecked) var isUnheld = false

  /// Creates a core; `disposables` are disposed when the signal terminates.
  ///
  /// - Parameter lock: The lock to serialize with: a new one, or the lock of the upstream core
  ///   whose deliveries alone feed this one.
  @usableFromInline
  package init(disposables: CompositeDisposable? = nil, lock: SendLock = SendLock()) {
    self.disposables = disposables
    self.lock = lock
  }

  /// An observer that feeds this core and interrupts it when released.
  // Inlinable, like the send path below, so that a client's pipe delivers through code
  // specialized for its value type instead of generic code that looks up type metadata.
  @inlinable
  package func makeInput() -> Signal<Value, Error>.Observer {
    Signal.Observer(action: self.send, interruptsOnDeinit: true)
  }

  // MARK: Sending

  /// Delivers `event` to every observer, serialized with all other senders.
  @inlinable
  package func send(_ event: Event) {
    // The lock is held already either because this thread is inside this core's own delivery
    // (a re-entrant call, which `status` tells) or because the core shares the lock of the
    // upstream signal that is delivering to it.
    let ownsLock = lock.lockUnlessHeld()
    // The common case, a value to an idle core, stays small enough to inline into the caller.
    guard case .alive = status, case .value = event else {
      return sendRarely(event, ownsLock: ownsLock)
    }
    status = .delivering
    deliver(event)
    finishDelivery(ownsLock: ownsLock)
  }

  /// Sends `event` holding the lock when it is not a value to an idle core; releases the lock at
  /// the end when `ownsLock`.
  @inlinable @inline(never)
  func sendRarely(_ event: Event, ownsLock: Bool) {
    switch status {
    case .alive:
      // A terminal event: send(_:) delivers the values an idle core receives.
      commitTermination(event, ownsLock: ownsLock)
    case .delivering:
      receivedDuringDelivery(event)
      checkInvariants()
    case .terminationPending, .terminated:
      checkInvariants()
      if ownsLock { lock.unlock() }
    }
  }

  /// Runs `body` holding the lock as if delivering, so that events it sends re-entrantly follow
  /// the delivery rules. `body` receives whether the signal is still alive.
  @inlinable
  package func withDeliveryLock<R, E: Swift.Error>(
    _ body: (_ isAlive: Bool) throws(E) -> R
  ) throws(E) -> R {
    let ownsLock = lock.lockUnlessHeld()
    switch status {
    case .alive:
      break
    case .delivering:
      // Called from inside this core's own delivery: it goes on around `body`.
      return try body(true)
    case .terminationPending, .terminated:
      if ownsLock { lock.unlock() }
      return try body(false)
    }
    status = .delivering
    let result: R
    do {
      result = try body(true)
    } catch {
      finishLockedDelivery(ownsLock: ownsLock)
      throw error
    }
    finishLockedDelivery(ownsLock: ownsLock)
    return result
  }

  // finishDelivery(ownsLock:) left for the optimizer to inline or not: forced into
  // withDeliveryLock(_:), it made that too large to inline with its body into a property's
  // setter (S5: 162 instructions per set, against 323).
  @inlinable
  func finishLockedDelivery(ownsLock: Bool) {
    finishDelivery(ownsLock: ownsLock)
  }

  @inlinable @inline(__always)
  func finishDelivery(ownsLock: Bool) {
    guard _fastPath(afterDelivery.isEmpty), case .delivering = status else {
      return finishDeliveryRarely(ownsLock: ownsLock)
    }
    status = .alive
    checkInvariants()
    if ownsLock { lock.unlock() }
  }

  /// Ends a delivery that left work to run after it, or a terminal event to deliver.
  @inlinable @inline(never)
  func finishDeliveryRarely(ownsLock: Bool) {
    if !afterDelivery.isEmpty { runAfterDeliveryActions() }
    if case .terminationPending = status, let terminal = pendingTermination {
      pendingTermination = nil
      commitTermination(terminal, ownsLock: ownsLock)
    } else {
      status = .alive
      checkInvariants()
      if ownsLock { lock.unlock() }
    }
  }

  /// Delivers a value while ``withDeliveryLock(_:)`` holds the lock.
  @inlinable
  package func deliverLocked(_ value: Value) {
    checkInsideDelivery("deliverLocked(_:)")
    deliver(.value(value))
  }

  /// Runs `action` once the delivery in progress on this thread has reached every observer, or
  /// at once when this thread is not delivering.
  ///
  /// An observer detached from inside a delivery uses it to receive its last event after the
  /// current one rather than in the middle of it.
  @usableFromInline
  func runAfterDelivery(_ action: @escaping () -> Void) {
    if isDeliveringOnCurrentThread {
      afterDelivery.append(action)
    } else {
      action()
    }
  }

  @usableFromInline
  func runAfterDeliveryActions() {
    while !afterDelivery.isEmpty {
      let actions = afterDelivery
      afterDelivery = []
      for action in actions { action() }
    }
  }

  /// Handles an event sent from inside this core's own delivery.
  @usableFromInline
  func receivedDuringDelivery(_ event: Event) {
    if case .value = event {
      fatalError(
        """
        Signal<\(Value.self), \(Error.self)> received a value recursively: an observer sent a \
        value to the signal that is delivering to it. Values are never sent recursively; send \
        it later through a scheduler (observe(on:)) or restructure the observers.
        """)
    }
    status = .terminationPending
    pendingTermination = event
  }

  // Always inlined into send(_:), like finishDelivery(ownsLock:): left to the optimizer, both
  // were calls through a function pointer of code shared between specializations (S1: 152
  // instructions per value, against 177 with finishDelivery only inlined, 214 with neither).
  @inlinable @inline(__always)
  func deliver(_ event: Event) {
    // The delivery walks the list as it was when the event arrived: an observer may add or
    // remove observers as it runs, which the list then does on a copy. An observer removed
    // meanwhile is skipped by its subscription's flag.
    let walk = observers.beginWalk()
    walk.forEachActiveObserver(as: Signal<Value, Error>.Observer.self) { $0.action(event) }
    // What the observers removed during the walk is released here, inside the delivery, as
    // when the delivery held the list's storage itself.
    _ = observers.endWalk()
  }

  /// Delivers a terminal event holding the lock; releases it at the end when `ownsLock`.
  @usableFromInline
  func commitTermination(_ event: Event, ownsLock: Bool) {
    status = .terminated
    let finished = observers.removeAll()
    for index in finished.indices where finished[index].subscription.isActive {
      finished[index].subscription.deactivate()
      let observer = finished[index].observer
      unsafeDowncast(observer, to: Signal<Value, Error>.Observer.self).action(event)
    }
    checkInvariants()
    if ownsLock { lock.unlock() }
    // Observers are released after the lock (when this call took it): releasing one may run code
    // that calls back into this core, such as the deinit of an input observer.
    withExtendedLifetime(finished) {}
    // Clean-up too: it may dispose upstream signals that are delivering.
    disposables?.dispose()
  }

  /// Whether the calling thread is inside this core's delivery.
  @inlinable
  package var isDeliveringOnCurrentThread: Bool {
    guard lock.isHeldByCurrentThread else { return false }
    switch status {
    case .delivering, .terminationPending: return true
    case .alive, .terminated: return false
    }
  }

  // MARK: Observing

  /// Whether any observer is attached.
  package var hasObservers: Bool {
    lock.withReentrantLock { !observers.isEmpty }
  }

  /// Whether the signal has delivered its terminal event.
  package var isTerminated: Bool {
    lock.withReentrantLock {
      if case .terminated = status { true } else { false }
    }
  }

  /// Adds `observer`; after termination, sends it `interrupted` at once.
  @inlinable
  package func observe(_ observer: Signal<Value, Error>.Observer) -> (any Disposable)? {
    let subscription: Subscription? = lock.withReentrantLock {
      switch status {
      case .terminated, .terminationPending:
        return nil
      case .alive, .delivering:
        let subscription = Subscription(core: self)
        observers.append(observer, for: subscription)
        checkInvariants()
        return subscription
      }
    }
    guard let subscription else {
      observer.action(.interrupted)
      return nil
    }
    return subscription
  }

  /// Adds `observer` while ``withDeliveryLock(_:)`` holds the lock.
  @usableFromInline
  func observeLocked(_ observer: Signal<Value, Error>.Observer) -> SignalSubscription {
    checkInsideDelivery("observeLocked(_:)")
    let subscription = Subscription(core: self)
    observers.append(observer, for: subscription)
    checkInvariants()
    return subscription
  }

  /// Returns once no other thread is delivering an event of this core.
  @usableFromInline
  func waitForDelivery() {
    lock.withReentrantLock {}
  }

  @usableFromInline
  func remove(_ subscription: Subscription) {
    let (removed, isAbandoned) = lock.withReentrantLock { () -> (AnyObject?, Bool) in
      defer { checkInvariants() }
      return (observers.remove(subscription), _slowPath(isUnheld) && abandonLocked())
    }
    // Released outside the lock (unless this thread is delivering): releasing an observer may
    // run code that calls back into this core.
    withExtendedLifetime(removed) {}
    if isAbandoned { disposables?.dispose() }
  }

  /// Ends the core without an event when nobody can observe it any more; tells whether it did,
  /// so that the caller disposes the clean-up outside the lock.
  private func abandonLocked() -> Bool {
    guard isUnheld, observers.isEmpty, case .alive = status else { return false }
    status = .terminated
    return true
  }
}

extension SignalCore: SignalSubscription.Owner {}

extension SignalCore: SignalShell.Owner {
  @usableFromInline
  func shellReleased() {
    let isAbandoned = lock.withReentrantLock { () -> Bool in
      isUnheld = true
      defer { checkInvariants() }
      return abandonLocked()
    }
    if isAbandoned { disposables?.dispose() }
  }
}

/// Where a ``SignalCore`` is in its life.
///
/// Not generic (the terminal event a delivery holds back is stored beside it), so that generic
/// code the compiler did not specialize reads and writes it without looking up type metadata.
@usableFromInline
enum SignalCoreStatus {
  case alive
  case delivering
  /// Delivering, with a terminal event to deliver once the current event has been delivered.
  case terminationPending
  case terminated
}
