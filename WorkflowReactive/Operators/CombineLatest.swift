// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Sends a tuple of the latest values of `a` and `b` whenever either sends a value, once both
  /// have sent one.
  ///
  /// The combined signal completes when both inputs have completed, and fails or is interrupted
  /// as soon as either does.
  public static func combineLatest<B>(
    _ a: Signal<Value, Error>,
    _ b: Signal<B, Error>
  ) -> Signal<(Value, B), Error> {
    Signal<(Value, B), Error> { observer, lifetime in
      let latest = LatestPair<Value, B, Error>(observer)
      lifetime += a.observe(latest.receiveFirst)
      lifetime += b.observe(latest.receiveSecond)
    }
  }

  /// Sends a tuple of the latest values of `a`, `b` and `c` whenever any sends a value, once
  /// all have sent one.
  ///
  /// The combined signal completes when all inputs have completed, and fails or is interrupted
  /// as soon as any does.
  public static func combineLatest<B, C>(
    _ a: Signal<Value, Error>,
    _ b: Signal<B, Error>,
    _ c: Signal<C, Error>
  ) -> Signal<(Value, B, C), Error> {
    Signal<(Value, B), Error>.combineLatest(combineLatest(a, b), c)
      .map { pair, third in (pair.0, pair.1, third) }
  }

  /// Sends a tuple of the latest values of this signal and `other` whenever either sends a
  /// value, once both have sent one.
  ///
  /// The same as ``combineLatest(_:_:)`` with this signal first.
  public func combineLatest<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
    Signal.combineLatest(self, other)
  }
}

extension SignalProducer {
  /// Starts `a` and `b` together and sends a tuple of their latest values whenever either sends
  /// a value, once both have sent one.
  ///
  /// The combined run completes when both inputs have completed. It fails or is interrupted as
  /// soon as either does, and then disposes the other.
  public static func combineLatest<B>(
    _ a: SignalProducer<Value, Error>,
    _ b: SignalProducer<B, Error>
  ) -> SignalProducer<(Value, B), Error> {
    SignalProducer<(Value, B), Error> { observer, lifetime in
      let latest = LatestPair<Value, B, Error>(observer)
      a.startRun(in: lifetime, latest.receiveFirst)
      guard !lifetime.hasEnded else { return }
      b.startRun(in: lifetime, latest.receiveSecond)
    }
  }

  /// Starts `a`, `b` and `c` together and sends a tuple of their latest values whenever any
  /// sends a value, once all have sent one.
  ///
  /// The combined run completes when all inputs have completed. It fails or is interrupted as
  /// soon as any does, and then disposes the others.
  public static func combineLatest<B, C>(
    _ a: SignalProducer<Value, Error>,
    _ b: SignalProducer<B, Error>,
    _ c: SignalProducer<C, Error>
  ) -> SignalProducer<(Value, B, C), Error> {
    SignalProducer<(Value, B), Error>.combineLatest(combineLatest(a, b), c)
      .map { pair, third in (pair.0, pair.1, third) }
  }

  /// Starts this producer and `other` together and sends a tuple of their latest values
  /// whenever either sends a value, once both have sent one.
  ///
  /// The same as ``combineLatest(_:_:)`` with this producer first.
  public func combineLatest<U>(
    with other: SignalProducer<U, Error>
  ) -> SignalProducer<(Value, U), Error> {
    SignalProducer.combineLatest(self, other)
  }
}

/// The latest values of two inputs, and how many inputs are still running.
private final class LatestPair<A, B, Error: Swift.Error>: @unchecked Sendable {
  // Held while a tuple is sent, so that tuples leave in the order the values arrived. It knows
  // its owner: an input that sends again from inside that delivery (re-entrantly) goes through.
  private let lock = SendLock()
  private var first: A?
  private var second: B?
  private var running = 2
  private let observer: Signal<(A, B), Error>.Observer

  init(_ observer: Signal<(A, B), Error>.Observer) {
    self.observer = observer
  }

  func receiveFirst(_ event: Signal<A, Error>.Event) {
    receive(event) { self.first = $0 }
  }

  func receiveSecond(_ event: Signal<B, Error>.Event) {
    receive(event) { self.second = $0 }
  }

  private func receive<T>(_ event: Signal<T, Error>.Event, store: (T) -> Void) {
    switch event {
    case .value(let value):
      lock.withReentrantLock {
        store(value)
        if let first, let second { observer.send(value: (first, second)) }
      }
    case .completed:
      let isLast = lock.withReentrantLock {
        running -= 1
        return running == 0
      }
      if isLast { observer.sendCompleted() }
    case .failed(let error): observer.send(error: error)
    case .interrupted: observer.sendInterrupted()
    }
  }
}
