// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// A signal whose events are the upstream's, passed through `transform`, which may send them
  /// later and from another thread (through a scheduler).
  ///
  /// Unlike `lift`, the result has a lock of its own: `transform` sends from the scheduler,
  /// outside the upstream's delivery, and must not hold up the upstream's senders.
  package func liftAsynchronous<U, F>(_ transform: @escaping ObserverTransform<Value, Error, U, F>)
    -> Signal<U, F>
  {
    Signal<U, F> { output, lifetime in
      lifetime += self.observe(transform(output, lifetime))
    }
  }
}

extension SignalProducer {
  /// A producer whose runs pass the upstream run's events through `transform`, which may send
  /// them later and from another thread (through a scheduler).
  ///
  /// Unlike `lift`, each run gets a protecting signal core: it serializes what `transform` sends
  /// from the scheduler with the `interrupted` that disposal sends from the disposing thread,
  /// and drops whatever the scheduler delivers after the run has ended.
  package func liftAsynchronous<U, F>(
    _ transform: @escaping ObserverTransform<Value, Error, U, F>
  ) -> SignalProducer<U, F> {
    SignalProducer<U, F> { downstream, lifetime in
      self.startProtected(transform(downstream, lifetime), lifetime)
    }
  }
}
