// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards events until `lifetime` ends, then completes.
  ///
  /// When `lifetime` has already ended, the signal completes at once.
  public func take(during lifetime: Lifetime) -> Signal<Value, Error> {
    Signal { observer, ownLifetime in
      ownLifetime += lifetime.observeEnded { observer.sendCompleted() }
      ownLifetime += self.observe(observer)
    }
  }
}

extension SignalProducer {
  /// Forwards events until `lifetime` ends, then completes and stops the work.
  ///
  /// When `lifetime` has already ended, each run completes at once without starting the work.
  public func take(during lifetime: Lifetime) -> SignalProducer<Value, Error> {
    // Not a lift: the lifetime may end on any thread, and the protecting signal of this
    // initializer serializes that completion with the upstream's events.
    SignalProducer { observer, runLifetime in
      runLifetime += lifetime.observeEnded { observer.sendCompleted() }
      guard !runLifetime.hasEnded else { return }
      self.startProtected(observer, runLifetime)
    }
  }
}
