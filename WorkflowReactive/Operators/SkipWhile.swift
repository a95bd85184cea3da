// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Drops values while `shouldContinue` holds, then forwards the first value for which it
  /// does not and everything after it.
  ///
  /// `shouldContinue` is not called again once it has returned `false`.
  ///
  /// - Parameter shouldContinue: Whether to keep dropping, given the next value.
  public func skip(while shouldContinue: @escaping (Value) -> Bool) -> Signal<Value, Error> {
    lift(skipWhileTransform(shouldContinue))
  }
}

extension SignalProducer {
  /// Drops the values of each run while `shouldContinue` holds, then forwards the first value
  /// for which it does not and everything after it.
  ///
  /// Every run starts dropping again. `shouldContinue` is not called again in a run once it has
  /// returned `false`.
  ///
  /// - Parameter shouldContinue: Whether to keep dropping, given the next value.
  public func skip(
    while shouldContinue: @escaping (Value) -> Bool
  ) -> SignalProducer<Value, Error> {
    lift(skipWhileTransform(shouldContinue))
  }
}

private func skipWhileTransform<Value, Error>(
  _ shouldContinue: @escaping (Value) -> Bool
) -> ObserverTransform<Value, Error, Value, Error> {
  { downstream, _ in
    var isSkipping = true
    return Signal.Observer { event in
      if isSkipping, case .value(let value) = event {
        isSkipping = shouldContinue(value)
        if isSkipping { return }
      }
      downstream.send(event)
    }
  }
}
