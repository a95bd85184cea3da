// SPDX-License-Identifier: Apache-2.0

/// A cold stream: a recipe for work that runs, and sends events, each time it is started.
///
/// Every ``start(_:)-(Signal<Value,Error>.Observer)`` runs the work anew and returns a disposable that interrupts it. Events of
/// one run follow the grammar of ``Signal``: values, then at most one terminal event, serialized.
///
/// Synchronous operators on a producer (``map(_:)``, ``filter(_:)`` and the like) are fused into
/// the run: they add a step to the observer chain rather than an intermediate signal.
public struct SignalProducer<Value, Error: Swift.Error> {
  /// The type of the signal each run produces, as ``startWithSignal(_:)`` hands it over.
  public typealias ProducedSignal = Signal<Value, Error>

  /// Runs the work, sending serialized, well-formed events into the observer until the
  /// lifetime ends.
  @usableFromInline
  package let startProtected: (Signal<Value, Error>.Observer, Lifetime) -> Void

  @usableFromInline
  init(
    _ startProtected: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void, _: Void
  ) {
    self.startProtected = startProtected
  }

  /// A producer from work whose events are already serialized and well-formed, so it needs no
  /// protecting signal of its own.
  @inlinable
  package static func serialized(
    _ start: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void
  ) -> SignalProducer {
    SignalProducer(start, ())
  }

  /// Creates a producer that runs `startHandler` each time it is started.
  ///
  /// `startHandler` receives the observer to send events to and the lifetime of the run: it ends
  /// when the run terminates or is disposed, so attach the clean-up of the work to it. Events
  /// sent after the first terminal event are ignored; concurrent sends are serialized.
  ///
  /// As in ReactiveSwift, the run lives until it terminates or is disposed, even when
  /// `startHandler` keeps neither the observer nor the lifetime: the disposable that
  /// ``start(_:)-(Signal<Value,Error>.Observer)`` returns keeps the observer. Once that
  /// disposable and the observer are both released, the run is interrupted.
  public init(_ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void) {
    self.startProtected = { downstream, lifetime in
      let core = SignalCore<Value, Error>()
      _ = core.observe(downstream)
      lifetime.observeEnded { core.send(.interrupted) }
      let input = core.makeInput()
      lifetime.keepAlive(input)
      startHandler(input, lifetime)
    }
  }

  /// Creates a producer that forwards the events of `signal` from the moment it is started.
  public init(_ signal: Signal<Value, Error>) {
    self.init { observer, lifetime in
      lifetime += signal.observe(observer)
    }
  }

  /// Creates a producer that sends `value`, then completes.
  public init(value: Value) {
    self = .sending(value)
  }

  /// Creates a producer that fails at once with `error`.
  public init(error: Error) {
    self = .serialized({ observer, _ in observer.send(error: error) })
  }

  /// Creates a producer that sends the value of `result`, or fails with its error.
  public init(result: Result<Value, Error>) {
    switch result {
    case .success(let value): self.init(value: value)
    case .failure(let error): self.init(error: error)
    }
  }

  /// Creates a producer that sends each element of `values` in order, then completes.
  ///
  /// Disposing the run stops the iteration.
  public init<S: Sequence>(_ values: S) where S.Element == Value {
    self = .sending(contentsOf: values)
  }

  /// Creates a producer that sends the given values in order, then completes.
  public init(values first: Value, _ rest: Value...) {
    self = .sending(contentsOf: [first] + rest)
  }

  /// Creates a producer that calls `action` on start and sends its result, then completes.
  public init(_ action: @escaping () -> Value) {
    self = .serialized({ observer, _ in
      observer.send(value: action())
      observer.sendCompleted()
    })
  }

  /// A producer that completes at once without sending a value.
  public static var empty: SignalProducer {
    SignalProducer.serialized({ observer, _ in observer.sendCompleted() })
  }

  /// A producer whose runs are interrupted at once, without sending a value.
  static var interrupted: SignalProducer {
    SignalProducer.serialized({ observer, _ in observer.sendInterrupted() })
  }

  /// A producer that never sends anything and never ends until disposed.
  public static var never: SignalProducer {
    SignalProducer { observer, lifetime in
      // Keeping the observer until the run ends stops its release from interrupting the run.
      lifetime.observeEnded { withExtendedLifetime(observer) {} }
    }
  }
}

extension SignalProducer where Error == Never {
  /// Creates a producer that sends `value`, then completes; it cannot fail.
  ///
  /// The error type needs no context: `SignalProducer(value: 1)` is a
  /// `SignalProducer<Int, Never>`.
  public init(value: Value) {
    self = .sending(value)
  }

  /// Creates a producer that sends each element of `values` in order, then completes; it
  /// cannot fail.
  ///
  /// The error type needs no context: `SignalProducer([1, 2])` is a
  /// `SignalProducer<Int, Never>`. Disposing the run stops the iteration.
  public init<S: Sequence>(_ values: S) where S.Element == Value {
    self = .sending(contentsOf: values)
  }

  /// Creates a producer that sends the given values in order, then completes; it cannot fail.
  ///
  /// The error type needs no context: `SignalProducer(values: 1, 2)` is a
  /// `SignalProducer<Int, Never>`.
  public init(values first: Value, _ rest: Value...) {
    self = .sending(contentsOf: [first] + rest)
  }
}

extension SignalProducer {
  /// A producer that sends `value`, then completes.
  static func sending(_ value: Value) -> SignalProducer {
    .serialized({ observer, _ in
      observer.send(value: value)
      observer.sendCompleted()
    })
  }

  /// A producer that sends each element of `values` in order, then completes; disposing the
  /// run stops the iteration.
  static func sending<S: Sequence>(contentsOf values: S) -> SignalProducer
  where S.Element == Value {
    .serialized({ observer, lifetime in
      for value in values {
        if lifetime.hasEnded { return }
        observer.send(value: value)
      }
      observer.sendCompleted()
    })
  }
}

extension SignalProducer: @unchecked Sendable {}
