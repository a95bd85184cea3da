// SPDX-License-Identifier: Apache-2.0

/// A read-only property: a value that changes over time and can be observed but not set.
///
/// Wrap a ``MutableProperty`` in a `Property` to hand out its value without the ability to
/// change it.
public final class Property<Value>: PropertyProtocol {
  private let source: any PropertyProtocol<Value>

  /// Creates a read-only view of `property`, keeping it alive.
  public init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
    source = property
  }

  /// Creates a property that always holds `value`.
  public convenience init(value: Value) {
    self.init(MutableProperty(value))
  }

  /// The current value.
  public var value: Value { source.value }

  /// Sends the current value, then every change, until the property goes away.
  public var producer: SignalProducer<Value, Never> { source.producer }

  /// Sends every change after the moment of observation.
  public var signal: Signal<Value, Never> { source.signal }
}
