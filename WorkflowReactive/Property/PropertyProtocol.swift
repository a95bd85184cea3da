// SPDX-License-Identifier: Apache-2.0

/// A value that changes over time and can be observed.
///
/// ``value`` is always readable. ``producer`` sends the current value and then every change;
/// ``signal`` sends changes only. A property's observers are completed when it goes away.
/// Every property is a ``BindingSource``: `target <~ property` keeps `target` equal to it.
public protocol PropertyProtocol<Value>: AnyObject, Sendable, BindingSource {
  /// The type of the value.
  associatedtype Value

  /// The current value.
  var value: Value { get }

  /// Sends the current value, then every change, until the property goes away.
  var producer: SignalProducer<Value, Never> { get }

  /// Sends every change after the moment of observation.
  var signal: Signal<Value, Never> { get }
}
