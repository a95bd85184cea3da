// SPDX-License-Identifier: Apache-2.0

extension Signal where Error == Never {
  /// The same signal, typed as one that may fail with `F`, so it composes with failing ones.
  ///
  /// - Parameter _: The error type to promote to; inferred from the context when omitted.
  public func promoteError<F>(_: F.Type = F.self) -> Signal<Value, F> {
    lift(promoteErrorTransform())
  }
}

extension SignalProducer where Error == Never {
  /// The same producer, typed as one that may fail with `F`, so it composes with failing ones.
  ///
  /// - Parameter _: The error type to promote to; inferred from the context when omitted.
  public func promoteError<F>(_: F.Type = F.self) -> SignalProducer<Value, F> {
    lift(promoteErrorTransform())
  }
}

private func promoteErrorTransform<Value, F>() -> ObserverTransform<Value, Never, Value, F> {
  { downstream, _ in
    Signal.Observer { event in
      switch event {
      case .value(let value): downstream.send(value: value)
      case .completed: downstream.sendCompleted()
      case .interrupted: downstream.sendInterrupted()
      }
    }
  }
}
