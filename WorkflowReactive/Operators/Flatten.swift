// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Starts the producers this signal sends and forwards their values, combined by `strategy`.
  ///
  /// The result completes when this signal and every started producer have completed. A
  /// failure or interruption of this signal or of any inner run ends the result at once and
  /// disposes the inner runs.
  public func flatten<U>(_ strategy: FlattenStrategy) -> Signal<U, Error>
  where Value == SignalProducer<U, Error> {
    Signal<U, Error> { observer, lifetime in
      let flattener = Flattener(strategy, observer, lifetime)
      lifetime += self.observe(flattener.receiveOuter)
    }
  }

  /// Starts the producers this signal sends, which cannot fail, and forwards their values,
  /// combined by `strategy`.
  ///
  /// The result ends as with inner producers of the same error type.
  public func flatten<U>(_ strategy: FlattenStrategy) -> Signal<U, Error>
  where Value == SignalProducer<U, Never> {
    map { $0.promoteError(Error.self) }.flatten(strategy)
  }

  /// Forwards the values of the signals this signal sends, combined by `strategy`.
  ///
  /// Each inner signal is observed from the moment it arrives (with ``FlattenStrategy/concat``,
  /// from the moment its turn comes). The result ends as described for producers.
  public func flatten<U>(_ strategy: FlattenStrategy) -> Signal<U, Error>
  where Value == Signal<U, Error> {
    map { SignalProducer<U, Error>($0) }.flatten(strategy)
  }
}

extension Signal where Error == Never {
  /// Starts the producers this signal sends and forwards their values, combined by `strategy`.
  ///
  /// The result completes when this signal and every started producer have completed, and is
  /// interrupted, disposing the inner runs, as soon as any of them is.
  public func flatten<U>(_ strategy: FlattenStrategy) -> Signal<U, Never>
  where Value == SignalProducer<U, Never> {
    Signal<U, Never> { observer, lifetime in
      let flattener = Flattener(strategy, observer, lifetime)
      lifetime += self.observe(flattener.receiveOuter)
    }
  }
}

extension SignalProducer {
  /// Starts the producers this producer sends and forwards their values, combined by
  /// `strategy`.
  ///
  /// The run completes when the outer run and every started inner run have completed. A
  /// failure or interruption of any of them ends the run at once and disposes the others;
  /// disposing the run disposes them all.
  public func flatten<U>(_ strategy: FlattenStrategy) -> SignalProducer<U, Error>
  where Value == SignalProducer<U, Error> {
    SignalProducer<U, Error> { observer, lifetime in
      let flattener = Flattener(strategy, observer, lifetime)
      self.startRun(in: lifetime, flattener.receiveOuter)
    }
  }

  /// Starts the producers this producer sends, which cannot fail, and forwards their values,
  /// combined by `strategy`.
  ///
  /// The run ends as with inner producers of the same error type.
  public func flatten<U>(_ strategy: FlattenStrategy) -> SignalProducer<U, Error>
  where Value == SignalProducer<U, Never> {
    map { $0.promoteError(Error.self) }.flatten(strategy)
  }

  /// Forwards the values of the signals this producer sends, combined by `strategy`.
  ///
  /// Each inner signal is observed from the moment it arrives (with ``FlattenStrategy/concat``,
  /// from the moment its turn comes).
  public func flatten<U>(_ strategy: FlattenStrategy) -> SignalProducer<U, Error>
  where Value == Signal<U, Error> {
    map { SignalProducer<U, Error>($0) }.flatten(strategy)
  }
}

extension SignalProducer where Error == Never {
  /// Starts the producers this producer sends and forwards their values, combined by
  /// `strategy`.
  ///
  /// The run completes when the outer run and every started inner run have completed, and is
  /// interrupted, disposing the others, as soon as any of them is.
  public func flatten<U>(_ strategy: FlattenStrategy) -> SignalProducer<U, Never>
  where Value == SignalProducer<U, Never> {
    SignalProducer<U, Never> { observer, lifetime in
      let flattener = Flattener(strategy, observer, lifetime)
      self.startRun(in: lifetime, flattener.receiveOuter)
    }
  }
}
