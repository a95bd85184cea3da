// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The host's published rendering, behind ``WorkflowHost/rendering``: the value, and the signal
/// of its changes once someone observes them, guarded by one lock.
///
/// The store is its own property rather than a `MutableProperty`, which takes a lock for its
/// value and another for its signal on every set, observed or not. Here one lock guards the
/// value, and the signal (made on the first observation) shares it: a set stores the value and
/// delivers it holding that lock once, and a producer's first value and its subscription are
/// taken together. The value is set on the main actor and may be read from any thread; a read
/// from another thread waits while a new rendering is delivered, and a read from inside an
/// observer sees the rendering being delivered. A read on the main thread, while the main
/// thread runs the main queue (``MainThread/isCurrent``), takes no lock: the writer runs there
/// too, so the two cannot overlap.
@usableFromInline
final class RenderingStore<Value>: PropertyProtocol, @unchecked Sendable {
  // A lock that knows its owner (the signal's kind) and plain fields rather than
  // Locked<Storage>: a generic storage struct costs a metadata lookup on every access in
  // unspecialized code. The lock guards both fields.
  @usableFromInline let lock = SendLock()
  @usableFromInline @exclusivity(unchecked) var current: Value
  @usableFromInline @exclusivity(unchecked) var core: SignalCore<Value, Never>?

  init(_ value: Value) {
    current = value
  }

  deinit {
    core?.send(.completed)
  }

  // Inlinable so that the host publishes its renderings with code specialized for them.
  @inlinable
  var value: Value {
    get {
      // Only the main queue writes `current`, holding the lock; a read on the thread that runs
      // the main queue cannot overlap a write, so it needs no lock (R1: two mutex sections per
      // action became one).
      if readsWithoutLock { return current }
      lock.lock()
      defer { lock.unlock() }
      return current
    }
    set { publish(newValue) }
  }

  /// Stores `newValue` and delivers it to the signal's observers.
  ///
  /// The value is consumed: the store keeps the caller's copy rather than making its own (R1).
  @inlinable
  func publish(_ newValue: consuming Value) {
    checkWriterIsOnMainQueue()
    // The runtime queues what observers send while it publishes, so only an action sent from
    // the first value of a producer can land here while this thread holds the lock.
    if lock.isHeldByCurrentThread { publishedDuringDelivery() }
    lock.lock()
    current = newValue
    // Delivered holding the lock, which the signal shares: it does not take it again.
    if let core { core.send(.value(current)) }
    lock.unlock()
  }

  /// Whether a read on this thread needs no lock: on the main thread (see ``MainThread``), or
  /// from inside an observer, whose thread holds the lock already.
  @usableFromInline
  var readsWithoutLock: Bool {
    MainThread.isCurrent || lock.isHeldByCurrentThread
  }

  /// Checks that the writer runs on the main queue, which reads on the main thread count on to
  /// skip the lock (a debug-build trap otherwise).
  ///
  /// Asking ``MainQueue/isCurrent`` also teaches ``MainThread`` which thread runs the main
  /// queue: once a writer runs it on another thread (after `dispatchMain()`), no thread counts
  /// as the main thread any more, so no read skips the lock while that writer writes.
  @usableFromInline
  func checkWriterIsOnMainQueue() {
    let isOnMainQueue = MainQueue.isCurrent
    assert(
      isOnMainQueue, "RenderingStore<\(Value.self)>: a rendering was published off the main queue")
  }

  @usableFromInline
  func publishedDuringDelivery() -> Never {
    fatalError(
      """
      WorkflowHost.rendering (\(Value.self)) got a new rendering while delivering one: an action \
      was sent synchronously from the first value of rendering.producer. Observe \
      rendering.signal and read rendering.value instead, or send from a later value.
      """)
  }

  /// The signal of changes, made on first use; call holding the lock.
  private func signalCoreLocked() -> SignalCore<Value, Never> {
    if let core { return core }
    let made = SignalCore<Value, Never>(lock: lock)
    core = made
    return made
  }

  @usableFromInline var producer: SignalProducer<Value, Never> {
    SignalProducer { [weak self] observer, lifetime in
      guard let self else { return observer.sendCompleted() }
      // Holding the lock keeps sets out between reading the value and subscribing.
      lock.lock()
      defer { lock.unlock() }
      let core = signalCoreLocked()
      observer.send(value: current)
      if let subscription = core.observe(observer) { lifetime += subscription }
    }
  }

  @usableFromInline var signal: Signal<Value, Never> {
    lock.lock()
    defer { lock.unlock() }
    return Signal(core: signalCoreLocked())
  }
}
