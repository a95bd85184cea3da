// SPDX-License-Identifier: Apache-2.0

extension PropertyProtocol {
  /// A composed property holding pairs of this property's values and `other`'s, matched in
  /// order: the first values, then the second ones, and so on.
  ///
  /// The result does not keep either property alive; its streams complete when a property that
  /// has no unmatched value left completes.
  public func zip<P: PropertyProtocol>(with other: P) -> Property<(Value, P.Value)> {
    Property(unsafeProducer: producer.zip(with: other.producer))
  }
}

extension Property {
  /// A composed property holding the values of `a` and `b` matched in order.
  public static func zip<A: PropertyProtocol, B: PropertyProtocol>(
    _ a: A, _ b: B
  ) -> Property<(Value, B.Value)> where A.Value == Value {
    a.zip(with: b)
  }
}
