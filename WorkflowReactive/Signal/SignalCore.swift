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
@usableFromInline
package final class SignalCore<Value, Error: Swift.Error>: @unchecked Sendable {
  @usableFromInline
  package typealias Event = Signal<Value, Error>.Event

  @usableFromInline
  enum Status {
    case alive
    case delivering
    case terminationPending(Event)
    case terminated
  }

  @usableFromInline let lock = SendLock()
  // The lock guards these two, so the runtime's exclusivity checks on each access are redundant
  // (and were a third of the cost of a send).
  @exclusivity(unchecked) @usableFromInline var status = Status.alive
  @exclusivity(unchecked) @usableFromInline var subscriptions: ContiguousArray<Subscription> = []
  // Not generic, so that disposing an observer runs no code that looks up type metadata.
  @usableFromInline typealias Subscription = SignalSubscription
  private let disposables: CompositeDisposable?

  /// Creates a core; `disposables` are disposed when the signal terminates.
  @usableFromInline
  package init(disposables: CompositeDisposable? = nil) {
    self.disposables = disposables
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
  @inlinable
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

  @inlinable
  func finishDelivery() {
    if case .terminationPending(let terminal) = status {
      commitTermination(terminal)
    } else {
      status = .alive
      lock.unlock()
    }
  }

  /// Delivers a value while ``withDeliveryLock(_:)`` holds the lock.
  @inlinable
  package func deliverLocked(_ value: Value) {
    deliver(.value(value))
  }

  @usableFromInline
  func sendReentrant(_ event: Event) {
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

  @inlinable
  func deliver(_ event: Event) {
    let current = subscriptions
    for index in current.indices where current[index].isActive {
      if let observer = current[index].observer {
        unsafeDowncast(observer, to: Signal<Value, Error>.Observer.self).action(event)
      }
    }
  }

  /// Delivers a terminal event and releases the lock. Must be called holding it.
  @usableFromInline
  func commitTermination(_ event: Event) {
    status = .terminated
    let current = subscriptions
    subscriptions = []
    var finished: ContiguousArray<Signal<Value, Error>.Observer> = []
    finished.reserveCapacity(current.count)
    for subscription in current where subscription.isActive {
      subscription.deactivate()
      guard let observer = subscription.takeObserver() else { continue }
      let typed = unsafeDowncast(observer, to: Signal<Value, Error>.Observer.self)
      typed.action(event)
      finished.append(typed)
    }
    lock.unlock()
    // Observers are released outside the lock: releasing one may run code that calls back into
    // this core, such as the deinit of an input observer.
    finished.removeAll()
    // Clean-up runs outside the lock: it may dispose upstream signals that are delivering.
    disposables?.dispose()
  }

  /// Whether the calling thread is inside this core's delivery.
  @inlinable
  package var isDeliveringOnCurrentThread: Bool { lock.isHeldByCurrentThread }

  // MARK: Observing

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
  @usableFromInline
  func waitForDelivery() {
    lock.withReentrantLock {}
  }

  @usableFromInline
  func remove(_ subscription: Subscription) {
    let removed = lock.withReentrantLock { () -> AnyObject? in
      if let index = subscriptions.lastIndex(where: { $0 === subscription }) {
        subscriptions.remove(at: index)
      }
      return subscription.takeObserver()
    }
    // Released outside the lock (unless this thread is delivering): releasing an observer may
    // run code that calls back into this core.
    withExtendedLifetime(removed) {}
  }
}

extension SignalCore: SignalSubscription.Owner {}
