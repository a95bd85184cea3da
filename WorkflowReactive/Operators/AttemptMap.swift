// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards each value transformed by `transform`, or fails with the error it returns.
  ///
  /// - Parameter transform: Maps a value; a failure ends the signal with its error.
  public func attemptMap<U>(_ transform: @escaping (Value) -> Result<U, Error>) -> Signal<U, Error>
  {
    lift(attemptMapTransform(transform))
  }
}

extension SignalProducer {
  /// Forwards each value transformed by `transform`, or fails the run with the error it
  /// returns, stopping the work.
  ///
  /// - Parameter transform: Maps a value; a failure ends the run with its error.
  public func attemptMap<U>(_ transform: @escaping (Value) -> Result<U, Error>)
    -> SignalProducer<U, Error>
  {
    lift(attemptMapTransform(transform))
  }
}

extension Signal where Error == Swift.Error {
  /// Forwards each value transformed by `transform`, or fails with the error it throws.
  public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> Signal<U, Error> {
    attemptMap { value in Result { try transform(value) } }
  }
}

extension SignalProducer where Error == Swift.Error {
  /// Forwards each value transformed by `transform`, or fails the run with the error it
  /// throws.
  public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> SignalProducer<U, Error>
  {
    attemptMap { value in Result { try transform(value) } }
  }
}

extension Signal where Error == Never {
  /// Forwards each value transformed by `transform`, or fails with the error it returns.
  public func attemptMap<U, E>(_ transform: @escaping (Value) -> Result<U, E>) -> Signal<U, E> {
    promoteError(E.self).attemptMap(transform)
  }

  /// Forwards each value transformed by `transform`, or fails with the error it throws.
  public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> Signal<U, Swift.Error> {
    promoteError(Swift.Error.self).attemptMap(transform)
  }
}

extension SignalProducer where Error == Never {
  /// Forwards each value transformed by `transform`, or fails the run with the error it
  /// returns.
  public func attemptMap<U, E>(_ transform: @escaping (Value) -> Result<U, E>)
    -> SignalProducer<U, E>
  {
    promoteError(E.self).attemptMap(transform)
  }

  /// Forwards each value transformed by `transform`, or fails the run with the error it
  /// throws.
  public func attemptMap<U>(_ transform: @escaping (Value) throws -> U)
    -> SignalProducer<U, Swift.Error>
  {
    promoteError(Swift.Error.self).attemptMap(transform)
  }
}

private func attemptMapTransform<Value, U, Error>(
  _ transform: @escaping (Value) -> Result<U, Error>
) -> ObserverTransform<Value, Error, U, Error> {
  { downstream, _ in
    var hasFailed = false
    return Signal.Observer { event in
      // After a failed attempt, values still in flight from the upstream are dropped: it stops
      // when the failure ends the shared lifetime.
      guard !hasFailed else { return }
      switch event {
      case .value(let value):
        switch transform(value) {
        case .success(let mapped): downstream.send(value: mapped)
        case .failure(let error):
          hasFailed = true
          downstream.send(error: error)
        }
      case .failed(let error): downstream.send(error: error)
      case .completed: downstream.sendCompleted()
      case .interrupted: downstream.sendInterrupted()
      }
    }
  }
}
