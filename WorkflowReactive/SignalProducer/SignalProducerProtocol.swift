// SPDX-License-Identifier: Apache-2.0

/// A type that is a ``SignalProducer``, for generic code and constrained extensions over
/// producers.
///
/// ```swift
/// extension SignalProducerProtocol where Value == Int {
///   var doubled: SignalProducer<Int, Error> { producer.map { $0 * 2 } }
/// }
/// ```
public protocol SignalProducerProtocol<Value, Error> {
  /// The type of the values.
  associatedtype Value
  /// The type of the error a run may fail with.
  associatedtype Error: Swift.Error

  /// The producer itself.
  var producer: SignalProducer<Value, Error> { get }
}

extension SignalProducer: SignalProducerProtocol {}
