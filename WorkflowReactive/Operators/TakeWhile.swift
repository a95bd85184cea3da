// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards values while `shouldContinue` holds, and completes at the first value for which
  /// it does not; that value is dropped.
  ///
  /// Completing early stops the observation of this signal.
  ///
  /// - Parameter shouldContinue: Whether to forward the next value and go on.
  public func take(while shouldContinue: @escaping (Value) -> Bool) -> Signal<Value, Error> {
    lift(takeWhileTransform(shouldContinue))
  }
}

extension SignalProducer {
  /// Forwards the values of each run while `shouldContinue` holds, and completes at the first
  /// value for which it does not (that value is dropped), stopping the work.
  ///
  /// - Parameter shouldContinue: Whether to forward the next value and go on.
  public func take(
    while shouldContinue: @escaping (Value) -> Bool
  ) -> SignalProducer<Value, Error> {
    lift(takeWhileTransform(shouldContinue))
  }
}

private func takeWhileTransform<Value, Error>(
  _ shouldContinue: @escaping (Value) -> Bool
) -> ObserverTransform<Value, Error, Value, Error> {
  { downstream, _ in
    var isTaking = true
    return Signal.Observer { event in
      // After the completion, events still in flight from the upstream are dropped: it stops
      // when the completion ends the shared lifetime.
      guard isTaking else { return }
      if case .value(let value) = event, !shouldContinue(value) {
        isTaking = false
        downstream.sendCompleted()
        return
      }
      if event.isTerminating { isTaking = false }
      downstream.send(event)
    }
  }
}
