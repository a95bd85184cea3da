// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Maps each value to a producer, starts it, and forwards the values of the inner runs,
  /// combined by `strategy`.
  ///
  /// The same as `map(transform).flatten(strategy)`: the result completes when this signal and
  /// every inner run have completed, and fails or is interrupted, disposing the inner runs, as
  /// soon as any of them does.
  ///
  /// - Parameters:
  ///   - strategy: How the inner runs are combined.
  ///   - transform: Makes the inner producer for a value.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> SignalProducer<U, Error>
  ) -> Signal<U, Error> {
    map(transform).flatten(strategy)
  }

  /// Maps each value to a producer that cannot fail, starts it, and forwards the values of the
  /// inner runs, combined by `strategy`.
  ///
  /// - Parameters:
  ///   - strategy: How the inner runs are combined.
  ///   - transform: Makes the inner producer for a value.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> SignalProducer<U, Never>
  ) -> Signal<U, Error> {
    map { transform($0).promoteError(Error.self) }.flatten(strategy)
  }
}

extension Signal where Error == Never {
  /// Maps each value to a producer, starts it, and forwards the values of the inner runs,
  /// combined by `strategy`.
  ///
  /// - Parameters:
  ///   - strategy: How the inner runs are combined.
  ///   - transform: Makes the inner producer for a value.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> SignalProducer<U, Never>
  ) -> Signal<U, Never> {
    map(transform).flatten(strategy)
  }
}

extension SignalProducer {
  /// Maps each value to a producer, starts it, and forwards the values of the inner runs,
  /// combined by `strategy`.
  ///
  /// The same as `map(transform).flatten(strategy)`: the run completes when the outer run and
  /// every inner run have completed, and fails or is interrupted, disposing the others, as soon
  /// as any of them does. Disposing the run disposes them all.
  ///
  /// - Parameters:
  ///   - strategy: How the inner runs are combined.
  ///   - transform: Makes the inner producer for a value.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> SignalProducer<U, Error>
  ) -> SignalProducer<U, Error> {
    map(transform).flatten(strategy)
  }

  /// Maps each value to a producer that cannot fail, starts it, and forwards the values of the
  /// inner runs, combined by `strategy`.
  ///
  /// - Parameters:
  ///   - strategy: How the inner runs are combined.
  ///   - transform: Makes the inner producer for a value.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> SignalProducer<U, Never>
  ) -> SignalProducer<U, Error> {
    map { transform($0).promoteError(Error.self) }.flatten(strategy)
  }
}

extension SignalProducer where Error == Never {
  /// Maps each value to a producer, starts it, and forwards the values of the inner runs,
  /// combined by `strategy`.
  ///
  /// - Parameters:
  ///   - strategy: How the inner runs are combined.
  ///   - transform: Makes the inner producer for a value.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> SignalProducer<U, Never>
  ) -> SignalProducer<U, Never> {
    map(transform).flatten(strategy)
  }
}
