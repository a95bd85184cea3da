// SPDX-License-Identifier: Apache-2.0

extension Signal where Error == Never {
  /// Starts the producers this signal sends, which may fail, and forwards their values,
  /// combined by `strategy`; the result fails when an inner run does.
  public func flatten<U, F>(_ strategy: FlattenStrategy) -> Signal<U, F>
  where Value == SignalProducer<U, F> {
    promoteError(F.self).flatten(strategy)
  }

  /// Forwards the values of the signals this signal sends, which may fail, combined by
  /// `strategy`; the result fails when an inner signal does.
  public func flatten<U, F>(_ strategy: FlattenStrategy) -> Signal<U, F>
  where Value == Signal<U, F> {
    map { SignalProducer<U, F>($0) }.flatten(strategy)
  }

  /// Maps each value to a producer that may fail, starts it, and forwards the values of the
  /// inner runs, combined by `strategy`.
  public func flatMap<U, F>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> SignalProducer<U, F>
  ) -> Signal<U, F> {
    map(transform).flatten(strategy)
  }
}

extension Signal {
  /// Forwards the values of the signals this signal sends, which cannot fail, combined by
  /// `strategy`.
  public func flatten<U>(_ strategy: FlattenStrategy) -> Signal<U, Error>
  where Value == Signal<U, Never> {
    map { SignalProducer<U, Never>($0).promoteError(Error.self) }.flatten(strategy)
  }

  /// Maps each value to a signal and forwards the values of the inner signals, combined by
  /// `strategy`.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> Signal<U, Error>
  ) -> Signal<U, Error> {
    map(transform).flatten(strategy)
  }

  /// Maps each value to a property and forwards its current value and changes, combined by
  /// `strategy`.
  public func flatMap<P: PropertyProtocol>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> P
  ) -> Signal<P.Value, Error> {
    map(transform).flatten(strategy)
  }
}

extension SignalProducer where Error == Never {
  /// Starts the producers this producer sends, which may fail, and forwards their values,
  /// combined by `strategy`; the run fails when an inner run does.
  public func flatten<U, F>(_ strategy: FlattenStrategy) -> SignalProducer<U, F>
  where Value == SignalProducer<U, F> {
    promoteError(F.self).flatten(strategy)
  }

  /// Forwards the values of the signals this producer sends, which may fail, combined by
  /// `strategy`; the run fails when an inner signal does.
  public func flatten<U, F>(_ strategy: FlattenStrategy) -> SignalProducer<U, F>
  where Value == Signal<U, F> {
    map { SignalProducer<U, F>($0) }.flatten(strategy)
  }

  /// Maps each value to a producer that may fail, starts it, and forwards the values of the
  /// inner runs, combined by `strategy`.
  public func flatMap<U, F>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> SignalProducer<U, F>
  ) -> SignalProducer<U, F> {
    map(transform).flatten(strategy)
  }
}

extension SignalProducer {
  /// Forwards the values of the signals this producer sends, which cannot fail, combined by
  /// `strategy`.
  public func flatten<U>(_ strategy: FlattenStrategy) -> SignalProducer<U, Error>
  where Value == Signal<U, Never> {
    map { SignalProducer<U, Never>($0).promoteError(Error.self) }.flatten(strategy)
  }

  /// Maps each value to a signal and forwards the values of the inner signals, combined by
  /// `strategy`.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> Signal<U, Error>
  ) -> SignalProducer<U, Error> {
    map(transform).flatten(strategy)
  }

  /// Maps each value to a property and forwards its current value and changes, combined by
  /// `strategy`.
  public func flatMap<P: PropertyProtocol>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> P
  ) -> SignalProducer<P.Value, Error> {
    map(transform).flatten(strategy)
  }
}

extension Signal where Value: PropertyProtocol {
  /// Forwards the current value and the changes of the properties this signal sends, combined
  /// by `strategy`.
  public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
    map { $0.producer.promoteError(Error.self) }.flatten(strategy)
  }
}

extension SignalProducer where Value: PropertyProtocol {
  /// Forwards the current value and the changes of the properties this producer sends,
  /// combined by `strategy`.
  public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
    map { $0.producer.promoteError(Error.self) }.flatten(strategy)
  }
}

extension Signal where Error == Never {
  /// Forwards the values of the signals this signal sends, combined by `strategy`; neither
  /// can fail.
  public func flatten<U>(_ strategy: FlattenStrategy) -> Signal<U, Never>
  where Value == Signal<U, Never> {
    map { SignalProducer<U, Never>($0) }.flatten(strategy)
  }

  /// Maps each value to a signal and forwards the values of the inner signals, combined by
  /// `strategy`; neither can fail.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> Signal<U, Never>
  ) -> Signal<U, Never> {
    map(transform).flatten(strategy)
  }
}

extension SignalProducer where Error == Never {
  /// Forwards the values of the signals this producer sends, combined by `strategy`; neither
  /// can fail.
  public func flatten<U>(_ strategy: FlattenStrategy) -> SignalProducer<U, Never>
  where Value == Signal<U, Never> {
    map { SignalProducer<U, Never>($0) }.flatten(strategy)
  }

  /// Maps each value to a signal and forwards the values of the inner signals, combined by
  /// `strategy`; neither can fail.
  public func flatMap<U>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> Signal<U, Never>
  ) -> SignalProducer<U, Never> {
    map(transform).flatten(strategy)
  }
}
