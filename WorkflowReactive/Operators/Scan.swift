// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Sends a running accumulation: each value is combined with the previous result.
  ///
  /// `initial` itself is not sent; the first value sent is `next(initial, firstValue)`.
  ///
  /// - Parameters:
  ///   - initial: The accumulator before the first value.
  ///   - next: Combines the accumulator with a value into the next accumulator.
  public func scan<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> Signal<U, Error> {
    lift(scanTransform(into: initial) { result, value in result = next(result, value) })
  }

  /// Sends a running accumulation that each value updates in place.
  ///
  /// - Parameters:
  ///   - initial: The accumulator before the first value.
  ///   - next: Updates the accumulator with a value; the updated accumulator is sent.
  public func scan<U>(
    into initial: U,
    _ next: @escaping (inout U, Value) -> Void
  ) -> Signal<U, Error> {
    lift(scanTransform(into: initial, next))
  }
}

extension SignalProducer {
  /// Sends a running accumulation: each value is combined with the previous result.
  ///
  /// Every run starts again from `initial`, which is not sent itself.
  ///
  /// - Parameters:
  ///   - initial: The accumulator before the first value.
  ///   - next: Combines the accumulator with a value into the next accumulator.
  public func scan<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> SignalProducer<U, Error> {
    lift(scanTransform(into: initial) { result, value in result = next(result, value) })
  }

  /// Sends a running accumulation that each value updates in place.
  ///
  /// Every run starts again from `initial`.
  ///
  /// - Parameters:
  ///   - initial: The accumulator before the first value.
  ///   - next: Updates the accumulator with a value; the updated accumulator is sent.
  public func scan<U>(
    into initial: U,
    _ next: @escaping (inout U, Value) -> Void
  ) -> SignalProducer<U, Error> {
    lift(scanTransform(into: initial, next))
  }
}

private func scanTransform<Value, Error, U>(
  into initial: U,
  _ next: @escaping (inout U, Value) -> Void
) -> ObserverTransform<Value, Error, U, Error> {
  { downstream, _ in
    var accumulator = initial
    return Signal.Observer { event in
      switch event {
      case .value(let value):
        next(&accumulator, value)
        downstream.send(value: accumulator)
      case .failed(let error): downstream.send(error: error)
      case .completed: downstream.sendCompleted()
      case .interrupted: downstream.sendInterrupted()
      }
    }
  }
}
