// SPDX-License-Identifier: Apache-2.0

extension PropertyProtocol {
  /// A composed property holding the value of the property that `transform` makes of this
  /// property's value, combined by `strategy` as this property changes.
  ///
  /// With ``FlattenStrategy/latest`` the result follows the property made from the current
  /// value and drops the one made from the previous value:
  ///
  /// ```swift
  /// let selected = MutableProperty(0)
  /// let title = selected.flatMap(.latest) { index in documents[index].title }
  /// ```
  ///
  /// - Parameters:
  ///   - strategy: How the inner properties' values are combined.
  ///   - transform: Makes the inner property for a value.
  public func flatMap<P: PropertyProtocol>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) -> P
  ) -> Property<P.Value> {
    Property(unsafeProducer: producer.flatMap(strategy) { transform($0).producer })
  }
}
