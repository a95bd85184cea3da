// SPDX-License-Identifier: Apache-2.0

extension PropertyProtocol {
  /// A property that follows this one but sends no value equivalent to its current one.
  ///
  /// The result is a derived ``Property``: it keeps this property alive and completes its own
  /// observers when it goes away or this property completes.
  ///
  /// - Parameter isEquivalent: Whether the new value (second argument) repeats the current one
  ///   (first argument).
  public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
    Property(deriving: self, { $0 }, skippingRepeats: isEquivalent)
  }
}

extension PropertyProtocol where Value: Equatable {
  /// A property that follows this one but sends no value equal to its current one.
  ///
  /// The result is a derived ``Property``: it keeps this property alive and completes its own
  /// observers when it goes away or this property completes.
  public func skipRepeats() -> Property<Value> {
    skipRepeats(==)
  }
}
