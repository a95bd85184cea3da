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
package final class SignalCore<Value, Error: Swift.Error>: @unchecked Sendable {
  package typealias Event = Signal<Value, Error>.Event

  enum Status {
    case alive
    case delivering
    case terminationPending(Event)
    case terminated
  }

  private let lock = SendLock()
  private var status = Status.alive
  private var subscriptions: ContiguousArray<Subscription> = []
  private let disposables: CompositeDisposable?

  /// Creates a core; `disposables` are disposed when the signal terminates.
  package init(disposables: CompositeDisposable? = nil) {
    self.disposables = disposables
  }

  /// An observer that feeds this core and interrupts it when released.
  package func makeInput() -> Signal<Value, Error>.Observer {
    Signal.Observer(action: self.send, interruptsOnDeinit: true)
  }

  // MARK: Sending

  /// Delivers `event` to every observer, serialized with all other senders.
  package func send(_ event: Event) {
    if lock.isHeldByCurrentThread {
      sendReentrant(event)
      return
    }
    lock.lock()
    switch status {
    case .alive:
      if case .value = event {
        status = .delivering
        deliver(event)
        finishDelivery()
      } else {
        commitTermination(event)
      }
    case .terminated:
      lock.unlock()
    case .delivering, .terminationPending:
      preconditionFailure(
        "Signal<\(Value.self), \(Error.self)>: status \(status) seen outside its delivery.")
    }
  }

  /// Runs `body` holding the lock as if delivering, so that events it sends re-entrantly follow
  /// the delivery rules. `body` receives whether the signal is still alive.
  package func withDeliveryLock<R, E: Swift.Error>(
    _ body: (_ isAlive: Bool) throws(E) -> R
  ) throws(E) -> R {
    if lock.isHeldByCurrentThread {
      // Called from inside this core's own delivery: the lock is ours already.
      if case .delivering = status { return try body(true) }
      return try body(false)
    }
    lock.lock()
    guard case .alive = status else {
      lock.unlock()
      return try body(false)
    }
    status = .delivering
    let result: R
    do {
      result = try body(true)
    } catch {
      finishDelivery()
      throw error
    }
    finishDelivery()
    return result
  }

  private func finishDelivery() {
    if case .terminationPending(let terminal) = status {
      commitTermination(terminal)
    } else {
      status = .alive
      lock.unlock()
    }
  }

  /// Delivers a value while ``withDeliveryLock(_:)`` holds the lock.
  package func deliverLocked(_ value: Value) {
    deliver(.value(value))
  }

  private func sendReentrant(_ event: Event) {
    switch status {
    case .delivering:
      if case .value = event {
        fatalError(
          """
          Signal<\(Value.self), \(Error.self)> received a value recursively: an observer sent a \
          value to the signal that is delivering to it. Values are never sent recursively; send \
          it later through a scheduler (observe(on:)) or restructure the observers.
          """)
      }
      status = .terminationPending(event)
    case .terminationPending, .terminated:
      break
    case .alive:
      preconditionFailure(
        "Signal<\(Value.self), \(Error.self)> received \(event) while its lock was held outside "
          + "delivery.")
    }
  }

  @inline(__always)
  private func deliver(_ event: Event) {
    let current = subscriptions
    for subscription in current where subscription.isActive {
      subscription.observer?.action(event)
    }
  }

  /// Delivers a terminal event and releases the lock. Must be called holding it.
  private func commitTermination(_ event: Event) {
    status = .terminated
    let current = subscriptions
    subscriptions = []
    var finished: ContiguousArray<Signal<Value, Error>.Observer> = []
    finished.reserveCapacity(current.count)
    for subscription in current where subscription.isActive {
      subscription.deactivate()
      guard let observer = subscription.takeObserver() else { continue }
      observer.action(event)
      finished.append(observer)
    }
    lock.unlock()
    // Observers are released outside the lock: releasing one may run code that calls back into
    // this core, such as the deinit of an input observer.
    finished.removeAll()
    // Clean-up runs outside the lock: it may dispose upstream signals that are delivering.
    disposables?.dispose()
  }

  /// Whether the calling thread is inside this core's delivery.
  package var isDeliveringOnCurrentThread: Bool { lock.isHeldByCurrentThread }

  // MARK: Observing

  /// Whether the signal has delivered its terminal event.
  package var isTerminated: Bool {
    lock.withReentrantLock {
      if case .terminated = status { true } else { false }
    }
  }

  /// Adds `observer`; after termination, sends it `interrupted` at once.
  package func observe(_ observer: Signal<Value, Error>.Observer) -> (any Disposable)? {
    let subscription: Subscription? = lock.withReentrantLock {
      switch status {
      case .terminated, .terminationPending:
        return nil
      case .alive, .delivering:
        let subscription = Subscription(core: self, observer: observer)
        subscriptions.append(subscription)
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
  package func observeLocked(_ observer: Signal<Value, Error>.Observer) -> any Disposable {
    let subscription = Subscription(core: self, observer: observer)
    subscriptions.append(subscription)
    return subscription
  }

  /// Returns once no other thread is delivering an event of this core.
  fileprivate func waitForDelivery() {
    lock.withReentrantLock {}
  }

  fileprivate func remove(_ subscription: Subscription) {
    let removed = lock.withReentrantLock { () -> Signal<Value, Error>.Observer? in
      if let index = subscriptions.lastIndex(where: { $0 === subscription }) {
        subscriptions.remove(at: index)
      }
      return subscription.takeObserver()
    }
    // Released outside the lock (unless this thread is delivering): releasing an observer may
    // run code that calls back into this core.
    withExtendedLifetime(removed) {}
  }

  /// One observer's membership in a core; disposing it removes the observer.
  final class Subscription: Disposable, @unchecked Sendable {
    /// The observer, until the subscription ends: a disposable kept after that must not keep
    /// the observer and what it captures alive. Accessed holding the core's lock.
    private(set) var observer: Signal<Value, Error>.Observer?
    private let active = Atomic<Bool>(true)
    // The core keeps its subscriptions until they end, so this reference is a cycle only while
    // the observer is attached.
    private let core: SignalCore

    init(core: SignalCore, observer: Signal<Value, Error>.Observer) {
      self.core = core
      self.observer = observer
    }

    @inline(__always)
    var isActive: Bool { active.load(ordering: .relaxed) }

    var isDisposed: Bool { !active.load(ordering: .acquiring) }

    /// Lets go of the observer, returning it. Called holding the core's lock.
    func takeObserver() -> Signal<Value, Error>.Observer? {
      defer { observer = nil }
      return observer
    }

    /// Marks the subscription ended by termination. Called holding the core's lock.
    func deactivate() {
      active.store(false, ordering: .releasing)
    }

    func dispose() {
      guard active.exchange(false, ordering: .acquiringAndReleasing) else {
        // Termination deactivates a subscription just before calling its observer, so that call
        // may still be running on another thread: wait for it, as for a value.
        core.waitForDelivery()
        return
      }
      // Taking the core's lock waits for a delivery in progress on another thread, so that this
      // observer is not called once dispose() has returned.
      core.remove(self)
    }
  }
}
