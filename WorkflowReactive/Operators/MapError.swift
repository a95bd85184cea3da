// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Transforms the error of a failure; values and other events pass unchanged.
  public func mapError<F>(_ transform: @escaping (Error) -> F) -> Signal<Value, F> {
    lift(mapErrorTransform(transform))
  }
}

extension SignalProducer {
  /// Transforms the error of a failure; values and other events pass unchanged.
  public func mapError<F>(_ transform: @escaping (Error) -> F) -> SignalProducer<Value, F> {
    lift(mapErrorTransform(transform))
  }
}

private func mapErrorTransform<Value, Error, F>(
  _ transform: @escaping (Error) -> F
) -> ObserverTransform<Value, Error, Value, F> {
  { downstream, _ in
    Signal.Observer { event in
      switch event {
      case .value(let value): downstream.send(value: value)
      case .failed(let error): downstream.send(error: transform(error))
      case .completed: downstream.sendCompleted()
      case .interrupted: downstream.sendInterrupted()
      }
    }
  }
}
