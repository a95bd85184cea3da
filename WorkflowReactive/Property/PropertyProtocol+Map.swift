// SPDX-License-Identifier: Apache-2.0

extension PropertyProtocol {
  /// A property whose value is this property's value transformed.
  ///
  /// The result is a derived ``Property``: it keeps this property alive, follows its changes
  /// while it lives, and completes its own observers when it goes away or this property
  /// completes.
  ///
  /// ```swift
  /// let count = MutableProperty(1)
  /// let label = count.map { "\($0) items" }
  /// count.value = 2  // label.value == "2 items"
  /// ```
  public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
    Property(deriving: self, transform)
  }
}
