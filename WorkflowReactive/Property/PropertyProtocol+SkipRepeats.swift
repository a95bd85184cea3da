// SPDX-License-Identifier: Apache-2.0

extension PropertyProtocol {
  /// A property that follows this one but sends no value equivalent to its current one.
  ///
  /// The result is a composed ``Property``: it does not keep this property alive, and its
  /// streams complete when this property's do.
  ///
  /// - Parameter isEquivalent: Whether the new value (second argument) repeats the current one
  ///   (first argument).
  public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
    Property(unsafeProducer: producer.skipRepeats(isEquivalent))
  }
}

extension PropertyProtocol where Value: Equatable {
  /// A property that follows this one but sends no value equal to its current one.
  ///
  /// The result is a composed ``Property``: it does not keep this property alive, and its
  /// streams complete when this property's do.
  public func skipRepeats() -> Property<Value> {
    skipRepeats(==)
  }
}
