// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Pairs each value with the latest value of `samplee`.
  ///
  /// Values sent before `samplee`'s first value are dropped. The result ends when this signal
  /// does; the end of `samplee` only freezes its latest value.
  ///
  /// - Parameter samplee: The signal whose latest value accompanies each value.
  public func withLatest<U>(from samplee: Signal<U, Never>) -> Signal<(Value, U), Error> {
    Signal<(Value, U), Error> { observer, lifetime in
      let latest = Locked<U?>(nil)
      lifetime += samplee.observeValues { value in latest.withLock { $0 = value } }
      lifetime += self.observe(pairing(with: latest, into: observer))
    }
  }

  /// Starts `samplee` and pairs each value with its latest value.
  ///
  /// Values sent before `samplee`'s first value are dropped. The result ends when this signal
  /// does, and then disposes `samplee`'s run.
  ///
  /// - Parameter samplee: Started at once; its latest value accompanies each value.
  public func withLatest<Samplee: SignalProducerConvertible>(
    from samplee: Samplee
  ) -> Signal<(Value, Samplee.Value), Error> where Samplee.Error == Never {
    Signal<(Value, Samplee.Value), Error> { observer, lifetime in
      let latest = Locked<Samplee.Value?>(nil)
      samplee.producer.startRun(in: lifetime) { event in
        if case .value(let value) = event { latest.withLock { $0 = value } }
      }
      lifetime += self.observe(pairing(with: latest, into: observer))
    }
  }
}

extension SignalProducer {
  /// Pairs each value of the run with the latest value `samplee` sent since the run started.
  ///
  /// Values sent before `samplee`'s first value are dropped. The result ends when the run
  /// does.
  ///
  /// - Parameter samplee: Observed from the start of each run.
  public func withLatest<U>(from samplee: Signal<U, Never>) -> SignalProducer<(Value, U), Error> {
    withLatest(from: SignalProducer<U, Never>(samplee))
  }

  /// Starts `samplee` with each run and pairs each value of the run with its latest value.
  ///
  /// `samplee` starts first, so a property's current value accompanies the run's first value.
  /// Values sent before `samplee`'s first value are dropped. The result ends when the run does,
  /// and then disposes `samplee`'s run.
  ///
  /// - Parameter samplee: Started with each run; its latest value accompanies each value.
  public func withLatest<Samplee: SignalProducerConvertible>(
    from samplee: Samplee
  ) -> SignalProducer<(Value, Samplee.Value), Error> where Samplee.Error == Never {
    SignalProducer<(Value, Samplee.Value), Error> { observer, lifetime in
      let latest = Locked<Samplee.Value?>(nil)
      samplee.producer.startRun(in: lifetime) { event in
        if case .value(let value) = event { latest.withLock { $0 = value } }
      }
      self.startRun(in: lifetime, pairing(with: latest, into: observer))
    }
  }
}

/// An observer that pairs each value with the latest sampled value, once there is one.
private func pairing<Value, U, Error>(
  with latest: Locked<U?>,
  into observer: Signal<(Value, U), Error>.Observer
) -> (Signal<Value, Error>.Event) -> Void {
  { event in
    switch event {
    case .value(let value):
      if let sampled = latest.current { observer.send(value: (value, sampled)) }
    case .failed(let error): observer.send(error: error)
    case .completed: observer.sendCompleted()
    case .interrupted: observer.sendInterrupted()
    }
  }
}
