// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Transforms each value and forwards the results that are not `nil`.
  ///
  /// - Parameter transform: Returns the value to forward, or `nil` to drop the input value.
  public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> {
    lift(compactMapTransform(transform))
  }
}

extension SignalProducer {
  /// Transforms each value and forwards the results that are not `nil`.
  ///
  /// - Parameter transform: Returns the value to forward, or `nil` to drop the input value.
  public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> SignalProducer<U, Error> {
    lift(compactMapTransform(transform))
  }
}

private func compactMapTransform<Value, Error, U>(
  _ transform: @escaping (Value) -> U?
) -> ObserverTransform<Value, Error, U, Error> {
  { downstream, _ in
    Signal.Observer { event in
      switch event {
      case .value(let value):
        if let transformed = transform(value) { downstream.send(value: transformed) }
      case .failed(let error): downstream.send(error: error)
      case .completed: downstream.sendCompleted()
      case .interrupted: downstream.sendInterrupted()
      }
    }
  }
}
