// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Pairs the values of `a` and `b` in order: the nth tuple holds the nth value of each.
  ///
  /// Values wait until the other signal sends its counterpart. The zipped signal completes as
  /// soon as one input has completed and no value of it is left waiting; it fails or is
  /// interrupted as soon as either input does.
  public static func zip<B>(
    _ a: Signal<Value, Error>,
    _ b: Signal<B, Error>
  ) -> Signal<(Value, B), Error> {
    Signal<(Value, B), Error> { observer, lifetime in
      let zipper = Zipper<Value, B, Error>(observer)
      lifetime += a.observe(zipper.receiveFirst)
      lifetime += b.observe(zipper.receiveSecond)
    }
  }

  /// Pairs the values of this signal and `other` in order: the nth tuple holds the nth value of
  /// each.
  ///
  /// The same as ``zip(_:_:)`` with this signal first.
  public func zip<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
    Signal.zip(self, other)
  }
}

extension SignalProducer {
  /// Starts `a` and `b` together and pairs their values in order: the nth tuple holds the nth
  /// value of each.
  ///
  /// The zipped run completes as soon as one input has completed and no value of it is left
  /// waiting, and then disposes the other. It fails or is interrupted as soon as either input
  /// does.
  public static func zip<B>(
    _ a: SignalProducer<Value, Error>,
    _ b: SignalProducer<B, Error>
  ) -> SignalProducer<(Value, B), Error> {
    SignalProducer<(Value, B), Error> { observer, lifetime in
      let zipper = Zipper<Value, B, Error>(observer)
      a.startRun(in: lifetime, zipper.receiveFirst)
      guard !lifetime.hasEnded else { return }
      b.startRun(in: lifetime, zipper.receiveSecond)
    }
  }

  /// Starts this producer and `other` together and pairs their values in order.
  ///
  /// The same as ``zip(_:_:)`` with this producer first.
  public func zip<U>(with other: SignalProducer<U, Error>) -> SignalProducer<(Value, U), Error> {
    SignalProducer.zip(self, other)
  }

  /// Starts this producer, observes `other` from then on, and pairs their values in order.
  ///
  /// The same as ``zip(with:)-(SignalProducer<U,Error>)`` with a producer of `other`.
  public func zip<U>(with other: Signal<U, Error>) -> SignalProducer<(Value, U), Error> {
    SignalProducer.zip(self, SignalProducer<U, Error>(other))
  }
}

/// The values of two inputs waiting for their counterparts, and which inputs have completed.
private final class Zipper<A, B, Error: Swift.Error>: @unchecked Sendable {
  // Held while a tuple is sent, so that tuples leave in order. It knows its owner: an input
  // that sends again from inside that delivery (re-entrantly) goes through.
  private let lock = SendLock()
  private var firsts: [A] = []
  private var seconds: [B] = []
  private var isFirstCompleted = false
  private var isSecondCompleted = false
  private let observer: Signal<(A, B), Error>.Observer

  init(_ observer: Signal<(A, B), Error>.Observer) {
    self.observer = observer
  }

  func receiveFirst(_ event: Signal<A, Error>.Event) {
    receive(event, store: { self.firsts.append($0) }, complete: { self.isFirstCompleted = true })
  }

  func receiveSecond(_ event: Signal<B, Error>.Event) {
    receive(event, store: { self.seconds.append($0) }, complete: { self.isSecondCompleted = true })
  }

  private func receive<T>(
    _ event: Signal<T, Error>.Event,
    store: (T) -> Void,
    complete: () -> Void
  ) {
    switch event {
    case .value(let value):
      lock.withReentrantLock {
        store(value)
        flush()
      }
    case .completed:
      lock.withReentrantLock {
        complete()
        flush()
      }
    case .failed(let error):
      observer.send(error: error)
    case .interrupted:
      observer.sendInterrupted()
    }
  }

  /// Sends the tuple that is ready, if any, and completes once no more can be made.
  private func flush() {
    if !firsts.isEmpty, !seconds.isEmpty {
      observer.send(value: (firsts.removeFirst(), seconds.removeFirst()))
    }
    if (isFirstCompleted && firsts.isEmpty) || (isSecondCompleted && seconds.isEmpty) {
      // Nothing waiting can be paired any more.
      firsts = []
      seconds = []
      observer.sendCompleted()
    }
  }
}
