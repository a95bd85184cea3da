// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards the values of this signal and of `other` as they arrive.
  ///
  /// The result completes when both have completed, and fails or is interrupted as soon as
  /// either does.
  public func merge(with other: Signal<Value, Error>) -> Signal<Value, Error> {
    Signal.merge(self, other)
  }
}

extension SignalProducer {
  /// Starts this producer and `other` together and forwards their values as they arrive.
  ///
  /// The run completes when both runs have completed. It fails or is interrupted as soon as
  /// either does, and then disposes the other.
  public func merge(with other: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
    SignalProducer.merge(self, other)
  }

  /// Starts this producer and forwards its values and those `other` sends from then on.
  public func merge(with other: Signal<Value, Error>) -> SignalProducer<Value, Error> {
    merge(with: SignalProducer(other))
  }
}
