// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Ignores the values, and when the signal completes, continues with the events of
  /// `replacement`.
  ///
  /// A failure or interruption passes through at once, and `replacement` is never started.
  ///
  /// - Parameter replacement: Started when this signal completes.
  public func then<U>(_ replacement: SignalProducer<U, Error>) -> Signal<U, Error> {
    Signal<U, Error> { observer, lifetime in
      lifetime += self.observe(continuing(into: observer, in: lifetime, with: replacement))
    }
  }

  /// Ignores the values, and when the signal completes, continues with the events of a
  /// replacement that cannot fail.
  ///
  /// A failure or interruption passes through at once, and `replacement` is never started.
  ///
  /// - Parameter replacement: Started when this signal completes.
  public func then<U>(_ replacement: SignalProducer<U, Never>) -> Signal<U, Error> {
    then(replacement.promoteError(Error.self))
  }
}

extension Signal where Error == Never {
  /// Ignores the values, and when the signal completes, continues with the events of
  /// `replacement`.
  ///
  /// An interruption passes through at once, and `replacement` is never started.
  ///
  /// - Parameter replacement: Started when this signal completes.
  public func then<U>(_ replacement: SignalProducer<U, Never>) -> Signal<U, Never> {
    Signal<U, Never> { observer, lifetime in
      lifetime += self.observe(continuing(into: observer, in: lifetime, with: replacement))
    }
  }
}

extension SignalProducer {
  /// Runs this producer ignoring its values, and when it completes, starts `replacement` and
  /// forwards its events.
  ///
  /// A failure or interruption passes through at once, and `replacement` is never started.
  /// Disposing the run disposes whichever of the two is running.
  ///
  /// - Parameter replacement: Started when this producer's run completes.
  public func then<U>(_ replacement: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
    SignalProducer<U, Error> { observer, lifetime in
      self.startRun(in: lifetime, continuing(into: observer, in: lifetime, with: replacement))
    }
  }

  /// Runs this producer ignoring its values, and when it completes, starts a replacement that
  /// cannot fail and forwards its events.
  ///
  /// - Parameter replacement: Started when this producer's run completes.
  public func then<U>(_ replacement: SignalProducer<U, Never>) -> SignalProducer<U, Error> {
    then(replacement.promoteError(Error.self))
  }
}

extension SignalProducer where Error == Never {
  /// Runs this producer ignoring its values, and when it completes, starts `replacement` and
  /// forwards its events.
  ///
  /// - Parameter replacement: Started when this producer's run completes.
  public func then<U>(_ replacement: SignalProducer<U, Never>) -> SignalProducer<U, Never> {
    SignalProducer<U, Never> { observer, lifetime in
      self.startRun(in: lifetime, continuing(into: observer, in: lifetime, with: replacement))
    }
  }
}

/// An observer that drops values and, on completion, starts `replacement` into `observer`.
private func continuing<Value, U, Error>(
  into observer: Signal<U, Error>.Observer,
  in lifetime: Lifetime,
  with replacement: SignalProducer<U, Error>
) -> Signal<Value, Error>.Observer {
  Signal.Observer { event in
    switch event {
    case .value: break
    case .failed(let error): observer.send(error: error)
    case .completed: replacement.startRun(in: lifetime, observer)
    case .interrupted: observer.sendInterrupted()
    }
  }
}
