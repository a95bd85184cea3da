// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards a value only when it is not equivalent to the value forwarded just before it.
  ///
  /// The first value is always forwarded.
  ///
  /// - Parameter isEquivalent: Whether two consecutive values count as a repeat; receives the
  ///   previous value first.
  public func skipRepeats(
    _ isEquivalent: @escaping (Value, Value) -> Bool
  ) -> Signal<Value, Error> {
    lift(skipRepeatsTransform(isEquivalent))
  }
}

extension Signal where Value: Equatable {
  /// Forwards a value only when it differs from the value forwarded just before it.
  public func skipRepeats() -> Signal<Value, Error> {
    lift(skipRepeatsTransform(==))
  }
}

extension SignalProducer {
  /// Forwards a value only when it is not equivalent to the value forwarded just before it.
  ///
  /// The first value of each run is always forwarded.
  ///
  /// - Parameter isEquivalent: Whether two consecutive values count as a repeat; receives the
  ///   previous value first.
  public func skipRepeats(
    _ isEquivalent: @escaping (Value, Value) -> Bool
  ) -> SignalProducer<Value, Error> {
    lift(skipRepeatsTransform(isEquivalent))
  }
}

extension SignalProducer where Value: Equatable {
  /// Forwards a value only when it differs from the value forwarded just before it.
  public func skipRepeats() -> SignalProducer<Value, Error> {
    lift(skipRepeatsTransform(==))
  }
}

private func skipRepeatsTransform<Value, Error>(
  _ isEquivalent: @escaping (Value, Value) -> Bool
) -> ObserverTransform<Value, Error, Value, Error> {
  { downstream, _ in
    var previous: Value?
    return Signal.Observer { event in
      if case .value(let value) = event {
        if let previous, isEquivalent(previous, value) { return }
        previous = value
      }
      downstream.send(event)
    }
  }
}
