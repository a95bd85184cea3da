// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// On failure, continues with the events of the producer that `handler` makes from the error.
  ///
  /// Values, completion and interruption pass unchanged. The replacement producer is started
  /// once, when the signal fails, and disposed if the resulting signal ends first.
  ///
  /// - Parameter handler: Makes the replacement from the error.
  public func flatMapError<F>(
    _ handler: @escaping (Error) -> SignalProducer<Value, F>
  ) -> Signal<Value, F> {
    Signal<Value, F> { observer, lifetime in
      lifetime += self.observe(recovering(into: observer, in: lifetime, handler))
    }
  }
}

extension SignalProducer {
  /// On failure, switches to the producer that `handler` makes from the error.
  ///
  /// Values, completion and interruption pass unchanged. The failed run has ended by the time
  /// the replacement starts; disposing the run disposes whichever of the two is running.
  ///
  /// - Parameter handler: Makes the replacement from the error.
  public func flatMapError<F>(
    _ handler: @escaping (Error) -> SignalProducer<Value, F>
  ) -> SignalProducer<Value, F> {
    SignalProducer<Value, F> { observer, lifetime in
      self.startRun(in: lifetime, recovering(into: observer, in: lifetime, handler))
    }
  }
}

/// An observer that forwards to `observer`, replacing a failure by a run of the recovery
/// producer.
private func recovering<Value, Error, F>(
  into observer: Signal<Value, F>.Observer,
  in lifetime: Lifetime,
  _ handler: @escaping (Error) -> SignalProducer<Value, F>
) -> Signal<Value, Error>.Observer {
  Signal.Observer { event in
    switch event {
    case .value(let value): observer.send(value: value)
    case .failed(let error): handler(error).startRun(in: lifetime, observer)
    case .completed: observer.sendCompleted()
    case .interrupted: observer.sendInterrupted()
    }
  }
}
