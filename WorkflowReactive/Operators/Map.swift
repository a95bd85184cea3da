// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Transforms each value.
  @inlinable
  public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U, Error> {
    lift(mapTransform(transform))
  }

  /// Replaces each value with `value`.
  public func map<U>(value: U) -> Signal<U, Error> {
    lift(mapTransform { _ in value })
  }
}

extension SignalProducer {
  /// Transforms each value.
  public func map<U>(_ transform: @escaping (Value) -> U) -> SignalProducer<U, Error> {
    lift(mapTransform(transform))
  }

  /// Replaces each value with `value`.
  public func map<U>(value: U) -> SignalProducer<U, Error> {
    lift(mapTransform { _ in value })
  }
}

@inlinable
func mapTransform<Value, Error, U>(
  _ transform: @escaping (Value) -> U
) -> ObserverTransform<Value, Error, U, Error> {
  { downstream, _ in
    Signal.Observer { event in
      switch event {
      case .value(let value): downstream.send(value: transform(value))
      case .failed(let error): downstream.send(error: error)
      case .completed: downstream.sendCompleted()
      case .interrupted: downstream.sendInterrupted()
      }
    }
  }
}
