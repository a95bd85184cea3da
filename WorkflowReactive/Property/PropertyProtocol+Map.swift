// SPDX-License-Identifier: Apache-2.0

extension PropertyProtocol {
  /// A property whose value is this property's value transformed.
  ///
  /// The result is a composed ``Property``: it does not keep this property alive, and its
  /// streams complete when this property's do.
  ///
  /// ```swift
  /// let count = MutableProperty(1)
  /// let label = count.map { "\($0) items" }
  /// count.value = 2  // label.value == "2 items"
  /// ```
  public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
    Property(unsafeProducer: producer.map(transform))
  }
}
