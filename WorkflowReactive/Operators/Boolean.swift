// SPDX-License-Identifier: Apache-2.0

extension Signal where Value == Bool {
  /// Sends the opposite of each value.
  public func negate() -> Signal<Bool, Error> {
    map { !$0 }
  }

  /// Sends whether both this signal's and `booleans`' latest values are `true`, once both
  /// have sent a value; ends as ``combineLatest(with:)`` does.
  public func and(_ booleans: Signal<Bool, Error>) -> Signal<Bool, Error> {
    combineLatest(with: booleans).map { $0 && $1 }
  }

  /// Sends whether either this signal's or `booleans`' latest value is `true`, once both have
  /// sent a value; ends as ``combineLatest(with:)`` does.
  public func or(_ booleans: Signal<Bool, Error>) -> Signal<Bool, Error> {
    combineLatest(with: booleans).map { $0 || $1 }
  }
}

extension SignalProducer where Value == Bool {
  /// Sends the opposite of each value.
  public func negate() -> SignalProducer<Bool, Error> {
    map { !$0 }
  }

  /// Sends whether both this run's and `booleans`' latest values are `true`, once both have
  /// sent a value; ends as ``combineLatest(with:)`` does.
  ///
  /// - Parameter booleans: A producer, signal or property of booleans, started with each run.
  public func and<Booleans: SignalProducerConvertible>(_ booleans: Booleans)
    -> SignalProducer<Bool, Error> where Booleans.Value == Bool, Booleans.Error == Error
  {
    combineLatest(with: booleans.producer).map { $0 && $1 }
  }

  /// Sends whether either this run's or `booleans`' latest value is `true`, once both have
  /// sent a value; ends as ``combineLatest(with:)`` does.
  ///
  /// - Parameter booleans: A producer, signal or property of booleans, started with each run.
  public func or<Booleans: SignalProducerConvertible>(_ booleans: Booleans)
    -> SignalProducer<Bool, Error> where Booleans.Value == Bool, Booleans.Error == Error
  {
    combineLatest(with: booleans.producer).map { $0 || $1 }
  }

  /// Starts all `booleans` together and sends whether all their latest values are `true`, once
  /// each has sent a value.
  ///
  /// With no producers the result sends `true` and completes. It completes when all have
  /// completed, and fails or is interrupted as soon as one does.
  public static func all<BooleansCollection: Collection>(_ booleans: BooleansCollection)
    -> SignalProducer<Bool, Error> where BooleansCollection.Element == SignalProducer<Bool, Error>
  {
    guard let first = booleans.first else { return SignalProducer(value: true) }
    return booleans.dropFirst().reduce(first) { $0.and($1) }
  }

  /// Starts all `booleans` together and sends whether all their latest values are `true`, once
  /// each has sent a value.
  public static func all(_ booleans: SignalProducer<Bool, Error>...) -> SignalProducer<Bool, Error>
  {
    all(booleans)
  }

  /// Starts all `booleans` together and sends whether any of their latest values is `true`,
  /// once each has sent a value.
  ///
  /// With no producers the result sends `false` and completes. It completes when all have
  /// completed, and fails or is interrupted as soon as one does.
  public static func any<BooleansCollection: Collection>(_ booleans: BooleansCollection)
    -> SignalProducer<Bool, Error> where BooleansCollection.Element == SignalProducer<Bool, Error>
  {
    guard let first = booleans.first else { return SignalProducer(value: false) }
    return booleans.dropFirst().reduce(first) { $0.or($1) }
  }

  /// Starts all `booleans` together and sends whether any of their latest values is `true`,
  /// once each has sent a value.
  public static func any(_ booleans: SignalProducer<Bool, Error>...) -> SignalProducer<Bool, Error>
  {
    any(booleans)
  }
}
