// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Observes the values; terminal events are ignored.
  @inlinable
  @discardableResult
  public func observeValues(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
    observe { event in
      if case .value(let value) = event { action(value) }
    }
  }

  /// Observes values and failures as `Result`s.
  @discardableResult
  public func observeResult(_ action: @escaping (Result<Value, Error>) -> Void)
    -> (any Disposable)?
  {
    observe { event in
      switch event {
      case .value(let value): action(.success(value))
      case .failed(let error): action(.failure(error))
      case .completed, .interrupted: break
      }
    }
  }

  /// Observes normal completion.
  @discardableResult
  public func observeCompleted(_ action: @escaping () -> Void) -> (any Disposable)? {
    observe { event in
      if case .completed = event { action() }
    }
  }

  /// Observes failure.
  @discardableResult
  public func observeFailed(_ action: @escaping (Error) -> Void) -> (any Disposable)? {
    observe { event in
      if case .failed(let error) = event { action(error) }
    }
  }

  /// Observes interruption.
  @discardableResult
  public func observeInterrupted(_ action: @escaping () -> Void) -> (any Disposable)? {
    observe { event in
      if case .interrupted = event { action() }
    }
  }
}
