// SPDX-License-Identifier: Apache-2.0

extension PropertyProtocol {
  /// A composed property holding this property's value paired with the latest value of
  /// `other`.
  ///
  /// ```swift
  /// let name = MutableProperty("Ada")
  /// let age = MutableProperty(36)
  /// let summary = name.combineLatest(with: age).map { "\($0), \($1)" }
  /// ```
  ///
  /// The result does not keep either property alive; its streams complete when both have.
  public func combineLatest<P: PropertyProtocol>(with other: P) -> Property<(Value, P.Value)> {
    Property(unsafeProducer: producer.combineLatest(with: other.producer))
  }
}

extension Property {
  /// A composed property holding the latest values of `a` and `b`.
  public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol>(
    _ a: A, _ b: B
  ) -> Property<(Value, B.Value)> where A.Value == Value {
    a.combineLatest(with: b)
  }

  /// A composed property holding the latest values of `a`, `b` and `c`.
  public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol, C: PropertyProtocol>(
    _ a: A, _ b: B, _ c: C
  ) -> Property<(Value, B.Value, C.Value)> where A.Value == Value {
    Property<(Value, B.Value, C.Value)>(
      unsafeProducer: SignalProducer.combineLatest(a.producer, b.producer, c.producer))
  }

  /// A composed property holding the latest values of `properties`, in order; `nil` when
  /// `properties` is empty.
  public static func combineLatest<S: Sequence>(_ properties: S) -> Property<[Value]>?
  where S.Element: PropertyProtocol, S.Element.Value == Value {
    combinedProducer(properties).map { Property<[Value]>(unsafeProducer: $0) }
  }

  /// The latest values of `properties`, in order; `nil` when there are none.
  static func combinedProducer<S: Sequence>(_ properties: S) -> SignalProducer<[Value], Never>?
  where S.Element: PropertyProtocol, S.Element.Value == Value {
    let producers = properties.map(\.producer)
    guard let first = producers.first else { return nil }
    return producers.dropFirst().reduce(first.map { [$0] }) { values, next in
      values.combineLatest(with: next).map { $0 + [$1] }
    }
  }
}
