// SPDX-License-Identifier: Apache-2.0

/// A hot stream of events: values, then at most one terminal event.
///
/// A signal delivers each event to the observers attached at that moment; it does not replay
/// anything to later observers. Make one with ``pipe(disposable:)`` or ``init(_:)``; observe it with
/// ``observe(_:)-(Signal<Value,Error>.Observer)`` or ``observeValues(_:)``.
///
/// Events are serialized: concurrent senders take turns and an observer is never called
/// concurrently with itself. A value sent from inside one of the signal's own observers traps.
/// An observer added after the signal ended receives `interrupted` at once.
public struct Signal<Value, Error: Swift.Error> {
  @usableFromInline
  package let core: SignalCore<Value, Error>
  // Shared by the copies of a signal that its input feeds: when they are all gone and nobody
  // observes the signal, it is disposed. `nil` for a view of a core someone else owns, such as
  // a property's.
  @usableFromInline let shell: SignalShell?

  /// A view of `core`, which its owner keeps alive and ends.
  @usableFromInline
  package init(core: SignalCore<Value, Error>) {
    self.core = core
    self.shell = nil
  }

  /// A signal that owns `core`: it is disposed once every copy is gone and nobody observes it.
  @usableFromInline
  init(owning core: SignalCore<Value, Error>) {
    self.core = core
    self.shell = SignalShell(core)
  }

  /// Creates a signal and runs `generator` with its input observer and its lifetime.
  ///
  /// The lifetime ends when the signal terminates: attach the clean-up of whatever feeds the
  /// signal to it. When the input observer is released, the signal is interrupted. As in
  /// ReactiveSwift, a signal that nobody observes once every copy of it is gone is disposed: its
  /// lifetime ends without an event.
  @inlinable
  public init(_ generator: (Observer, Lifetime) -> Void) {
    let disposables = CompositeDisposable()
    self.init(owning: SignalCore(disposables: disposables))
    generator(core.makeInput(), Lifetime(disposables))
  }

  /// Creates a signal fed only from the deliveries of `upstream`, sharing its lock.
  ///
  /// The upstream's delivery already holds the lock when it sends to this signal, so a chain of
  /// synchronous operators costs one lock per event, not one per stage. The input must be sent
  /// to only from inside the upstream's delivery (or, to interrupt, from anywhere).
  @inlinable
  package init<U, F>(
    sharingLockOf upstream: SignalCore<U, F>,
    _ generator: (Observer, Lifetime) -> Void
  ) {
    let disposables = CompositeDisposable()
    self.init(owning: SignalCore(disposables: disposables, lock: upstream.lock))
    generator(core.makeInput(), Lifetime(disposables))
  }

  /// Creates a signal together with the observer that sends its events.
  ///
  /// - Parameter disposable: Disposed when the signal terminates, or when nobody observes it
  ///   once every copy of the signal is gone.
  /// - Returns: The signal, and its input observer. Releasing the input interrupts the signal.
  @inlinable
  public static func pipe(
    disposable: (any Disposable)? = nil
  ) -> (output: Signal, input: Observer) {
    let disposables = disposable.map { CompositeDisposable([$0]) }
    let core = SignalCore<Value, Error>(disposables: disposables)
    return (Signal(owning: core), core.makeInput())
  }

  /// A signal that never sends anything and never ends.
  public static var never: Signal {
    // No input observer exists, so nothing can send to or interrupt this signal.
    Signal(core: SignalCore())
  }

  /// A signal that has already been interrupted.
  public static var empty: Signal {
    let (signal, input) = pipe()
    input.sendInterrupted()
    return signal
  }

  /// Adds `observer`, which receives every later event.
  ///
  /// - Returns: A disposable that detaches `observer`, or `nil` when the signal had already
  ///   ended (then `observer` received `interrupted`).
  @discardableResult
  public func observe(_ observer: Observer) -> (any Disposable)? {
    core.observe(observer)
  }

  /// Adds an observer from a closure for every event.
  @inlinable
  @discardableResult
  public func observe(_ action: @escaping (Event) -> Void) -> (any Disposable)? {
    core.observe(Observer(action))
  }
}

extension Signal: @unchecked Sendable {}
