// SPDX-License-Identifier: Apache-2.0

/// A synchronous operator: given the downstream observer and the lifetime of the observation,
/// makes the observer that receives the upstream events.
///
/// Every single-source operator is written once as a transform and applied to both ``Signal``
/// and ``SignalProducer`` by `lift`. The upstream delivers events serialized, so a transform may
/// keep plain mutable state.
@usableFromInline
package typealias ObserverTransform<Value, Error: Swift.Error, U, F: Swift.Error> =
  (Signal<U, F>.Observer, Lifetime) -> Signal<Value, Error>.Observer

extension Signal {
  /// A signal whose events are the upstream's, passed through `transform`.
  // Inlinable with the operators built on it, so that the client's module specializes the
  // whole chain (each stage's signal core and transform) for its value types.
  @inlinable
  package func lift<U, F>(_ transform: @escaping ObserverTransform<Value, Error, U, F>)
    -> Signal<U, F>
  {
    Signal<U, F>(sharingLockOf: core) { output, lifetime in
      lifetime += self.observe(transform(output, lifetime))
    }
  }
}

extension SignalProducer {
  /// A producer whose runs pass the upstream run's events through `transform`, fused into the
  /// same observer chain.
  package func lift<U, F>(_ transform: @escaping ObserverTransform<Value, Error, U, F>)
    -> SignalProducer<U, F>
  {
    SignalProducer<U, F>.serialized({ downstream, lifetime in
      self.startProtected(transform(downstream, lifetime), lifetime)
    })
  }
}
