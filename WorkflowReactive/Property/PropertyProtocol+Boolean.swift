// SPDX-License-Identifier: Apache-2.0

extension PropertyProtocol where Value == Bool {
  /// A composed property holding the opposite of this property's value.
  public func negate() -> Property<Bool> {
    map { !$0 }
  }

  /// A composed property that is `true` while both this property and `other` are.
  public func and<P: PropertyProtocol>(_ other: P) -> Property<Bool> where P.Value == Bool {
    Property(unsafeProducer: producer.combineLatest(with: other.producer).map { $0 && $1 })
  }

  /// A composed property that is `true` while this property or `other` is.
  public func or<P: PropertyProtocol>(_ other: P) -> Property<Bool> where P.Value == Bool {
    Property(unsafeProducer: producer.combineLatest(with: other.producer).map { $0 || $1 })
  }
}

extension Property where Value == Bool {
  /// A composed property that is `true` while every one of `properties` is; `true` when there
  /// are none.
  public static func all<P: PropertyProtocol, Properties: Collection>(
    _ properties: Properties
  ) -> Property<Bool> where P.Value == Bool, Properties.Element == P {
    guard let combined = Property<Bool>.combinedProducer(properties) else {
      return Property(value: true)
    }
    return Property(unsafeProducer: combined.map { $0.allSatisfy { $0 } })
  }

  /// A composed property that is `true` while every one of `properties` is.
  public static func all<P: PropertyProtocol>(_ properties: P...) -> Property<Bool>
  where P.Value == Bool {
    all(properties)
  }

  /// A composed property that is `true` while at least one of `properties` is; `false` when
  /// there are none.
  public static func any<P: PropertyProtocol, Properties: Collection>(
    _ properties: Properties
  ) -> Property<Bool> where P.Value == Bool, Properties.Element == P {
    guard let combined = Property<Bool>.combinedProducer(properties) else {
      return Property(value: false)
    }
    return Property(unsafeProducer: combined.map { $0.contains(true) })
  }

  /// A composed property that is `true` while at least one of `properties` is.
  public static func any<P: PropertyProtocol>(_ properties: P...) -> Property<Bool>
  where P.Value == Bool {
    any(properties)
  }
}
