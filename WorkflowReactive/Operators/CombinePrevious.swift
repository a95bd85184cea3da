// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Sends each value together with the one before it, starting with `initial` as the value
  /// before the first.
  ///
  /// The first value sent is `(initial, firstValue)`.
  ///
  /// - Parameter initial: Paired with the first value.
  public func combinePrevious(_ initial: Value) -> Signal<(Value, Value), Error> {
    lift(combinePreviousTransform(initial))
  }

  /// Sends each value together with the one before it, from the second value on.
  ///
  /// The first value is only remembered; the first pair is `(firstValue, secondValue)`.
  public func combinePrevious() -> Signal<(Value, Value), Error> {
    lift(combinePreviousTransform(nil))
  }
}

extension SignalProducer {
  /// Sends each value of a run together with the one before it, starting with `initial` as the
  /// value before the first.
  ///
  /// Every run starts again from `initial`.
  ///
  /// - Parameter initial: Paired with the first value of each run.
  public func combinePrevious(_ initial: Value) -> SignalProducer<(Value, Value), Error> {
    lift(combinePreviousTransform(initial))
  }

  /// Sends each value of a run together with the one before it, from the second value on.
  ///
  /// The first value of each run is only remembered.
  public func combinePrevious() -> SignalProducer<(Value, Value), Error> {
    lift(combinePreviousTransform(nil))
  }
}

private func combinePreviousTransform<Value, Error>(
  _ initial: Value?
) -> ObserverTransform<Value, Error, (Value, Value), Error> {
  { downstream, _ in
    var previous = initial
    return Signal.Observer { event in
      switch event {
      case .value(let value):
        if let previous { downstream.send(value: (previous, value)) }
        previous = value
      case .failed(let error): downstream.send(error: error)
      case .completed: downstream.sendCompleted()
      case .interrupted: downstream.sendInterrupted()
      }
    }
  }
}
