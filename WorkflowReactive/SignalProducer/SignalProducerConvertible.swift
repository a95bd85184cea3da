// SPDX-License-Identifier: Apache-2.0

/// A type that can be seen as a ``SignalProducer``: a producer itself, a ``Signal`` (observed
/// from the start of each run) or a property.
public protocol SignalProducerConvertible<Value, Error> {
  /// The type of the values.
  associatedtype Value
  /// The type of the error a run may fail with.
  associatedtype Error: Swift.Error

  /// The producer this value stands for.
  var producer: SignalProducer<Value, Error> { get }
}

extension SignalProducer: SignalProducerConvertible {
  /// The producer itself.
  public var producer: SignalProducer<Value, Error> { self }
}

extension Signal: SignalProducerConvertible {
  /// A producer whose runs forward this signal's events from the moment they start.
  public var producer: SignalProducer<Value, Error> { SignalProducer(self) }
}
