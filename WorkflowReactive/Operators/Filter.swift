// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards only the values that satisfy `isIncluded`.
  @inlinable
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value, Error> {
    lift(filterTransform(isIncluded))
  }
}

extension SignalProducer {
  /// Forwards only the values that satisfy `isIncluded`.
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
    lift(filterTransform(isIncluded))
  }
}

@inlinable
func filterTransform<Value, Error>(
  _ isIncluded: @escaping (Value) -> Bool
) -> ObserverTransform<Value, Error, Value, Error> {
  { downstream, _ in
    Signal.Observer { event in
      if case .value(let value) = event, !isIncluded(value) { return }
      downstream.send(event)
    }
  }
}
