// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Combines every value into one result, sent when the signal completes.
  ///
  /// A signal that completes without a value sends `initialResult`. A failure or interruption
  /// passes through without a result.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Combines the result so far with a value into the next result.
  public func reduce<U>(
    _ initialResult: U,
    _ nextPartialResult: @escaping (U, Value) -> U
  ) -> Signal<U, Error> {
    lift(
      reduceTransform(into: initialResult) { result, value in
        result = nextPartialResult(result, value)
      })
  }

  /// Combines every value into one result, updated in place, and sends it when the signal
  /// completes.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Updates the result with a value.
  public func reduce<U>(
    into initialResult: U,
    _ nextPartialResult: @escaping (inout U, Value) -> Void
  ) -> Signal<U, Error> {
    lift(reduceTransform(into: initialResult, nextPartialResult))
  }
}

extension SignalProducer {
  /// Combines every value of a run into one result, sent when the run completes.
  ///
  /// Every run starts again from `initialResult`, which is sent by a run that completes
  /// without a value. A failure or interruption passes through without a result.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Combines the result so far with a value into the next result.
  public func reduce<U>(
    _ initialResult: U,
    _ nextPartialResult: @escaping (U, Value) -> U
  ) -> SignalProducer<U, Error> {
    lift(
      reduceTransform(into: initialResult) { result, value in
        result = nextPartialResult(result, value)
      })
  }

  /// Combines every value of a run into one result, updated in place, and sends it when the
  /// run completes.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value; every run starts from it.
  ///   - nextPartialResult: Updates the result with a value.
  public func reduce<U>(
    into initialResult: U,
    _ nextPartialResult: @escaping (inout U, Value) -> Void
  ) -> SignalProducer<U, Error> {
    lift(reduceTransform(into: initialResult, nextPartialResult))
  }
}

private func reduceTransform<Value, Error, U>(
  into initialResult: U,
  _ nextPartialResult: @escaping (inout U, Value) -> Void
) -> ObserverTransform<Value, Error, U, Error> {
  { downstream, _ in
    var result = initialResult
    return Signal.Observer { event in
      switch event {
      case .value(let value):
        nextPartialResult(&result, value)
      case .completed:
        downstream.send(value: result)
        downstream.sendCompleted()
      case .failed(let error):
        downstream.send(error: error)
      case .interrupted:
        downstream.sendInterrupted()
      }
    }
  }
}
