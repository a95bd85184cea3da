// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards events until `trigger` sends a value or completes, then completes.
  ///
  /// A trigger that fails or is interrupted is ignored from then on.
  public func take(until trigger: Signal<(), Never>) -> Signal<Value, Error> {
    Signal { observer, lifetime in
      lifetime += trigger.observe(completion(of: observer))
      lifetime += self.observe(observer)
    }
  }
}

extension SignalProducer {
  /// Forwards events until `trigger` sends a value or completes, then completes and stops the
  /// work.
  ///
  /// A trigger that fails or is interrupted is ignored from then on.
  public func take(until trigger: Signal<(), Never>) -> SignalProducer<Value, Error> {
    SignalProducer { observer, lifetime in
      lifetime += trigger.observe(completion(of: observer))
      guard !lifetime.hasEnded else { return }
      self.startProtected(observer, lifetime)
    }
  }

  /// Forwards events until a run of `trigger` sends a value or completes, then completes and
  /// stops the work.
  ///
  /// Each run starts `trigger` first, then the work; the trigger's run is disposed with the run.
  /// A trigger that fails or is interrupted is ignored from then on.
  public func take(until trigger: SignalProducer<(), Never>) -> SignalProducer<Value, Error> {
    SignalProducer { observer, lifetime in
      trigger.startRun(in: lifetime, completion(of: observer))
      guard !lifetime.hasEnded else { return }
      self.startProtected(observer, lifetime)
    }
  }
}

/// An observer of a trigger that completes `observer` on the trigger's first value or
/// completion.
private func completion<Value, Error>(
  of observer: Signal<Value, Error>.Observer
) -> Signal<(), Never>.Observer {
  Signal.Observer { event in
    switch event {
    case .value, .completed: observer.sendCompleted()
    case .interrupted: break
    }
  }
}
