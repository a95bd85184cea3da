// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Runs `action` for each value and forwards the value, or fails with the error `action`
  /// returns.
  ///
  /// - Parameter action: Checks a value; a failure ends the signal with its error.
  public func attempt(_ action: @escaping (Value) -> Result<(), Error>) -> Signal<Value, Error> {
    attemptMap { value in action(value).map { value } }
  }
}

extension SignalProducer {
  /// Runs `action` for each value and forwards the value, or fails the run with the error
  /// `action` returns, stopping the work.
  ///
  /// - Parameter action: Checks a value; a failure ends the run with its error.
  public func attempt(_ action: @escaping (Value) -> Result<(), Error>)
    -> SignalProducer<Value, Error>
  {
    attemptMap { value in action(value).map { value } }
  }
}

extension Signal where Error == Swift.Error {
  /// Runs `action` for each value and forwards the value, or fails with the error `action`
  /// throws.
  public func attempt(_ action: @escaping (Value) throws -> Void) -> Signal<Value, Error> {
    attemptMap { value in
      try action(value)
      return value
    }
  }
}

extension SignalProducer where Error == Swift.Error {
  /// Runs `action` for each value and forwards the value, or fails the run with the error
  /// `action` throws.
  public func attempt(_ action: @escaping (Value) throws -> Void) -> SignalProducer<Value, Error> {
    attemptMap { value in
      try action(value)
      return value
    }
  }
}

extension Signal where Error == Never {
  /// Runs `action` for each value and forwards the value, or fails with the error `action`
  /// returns.
  public func attempt<E>(_ action: @escaping (Value) -> Result<(), E>) -> Signal<Value, E> {
    promoteError(E.self).attempt(action)
  }

  /// Runs `action` for each value and forwards the value, or fails with the error `action`
  /// throws.
  public func attempt(_ action: @escaping (Value) throws -> Void) -> Signal<Value, Swift.Error> {
    promoteError(Swift.Error.self).attempt(action)
  }
}

extension SignalProducer where Error == Never {
  /// Runs `action` for each value and forwards the value, or fails the run with the error
  /// `action` returns.
  public func attempt<E>(_ action: @escaping (Value) -> Result<(), E>) -> SignalProducer<Value, E> {
    promoteError(E.self).attempt(action)
  }

  /// Runs `action` for each value and forwards the value, or fails the run with the error
  /// `action` throws.
  public func attempt(_ action: @escaping (Value) throws -> Void)
    -> SignalProducer<Value, Swift.Error>
  {
    promoteError(Swift.Error.self).attempt(action)
  }
}
