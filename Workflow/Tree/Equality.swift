// SPDX-License-Identifier: Apache-2.0

/// Compares two values of a type that may or may not be `Equatable`: the one way the runtime
/// tells whether a state, a workflow value or a traced value changed.
///
/// The rule: an `Equatable` type compares with `==`; a type without stored data (`Void`, a struct
/// with no properties) has one possible value, so its values are always equal; any other type
/// cannot be compared (`nil`). Workflow values skip the second case (see
/// ``WorkflowTypeInfo/areWorkflowsEqual``).
///
/// Two spellings of that rule, for two kinds of caller:
/// - ``areEqual(_:_:)`` where `Value` is concrete once specialized (the apply path): the compiler
///   resolves the conformance and inlines `==`. Unspecialized, it looks the conformance up on
///   every call, at several hundred instructions.
/// - ``makeComparison()`` where code may run unspecialized (a type's ``WorkflowTypeInfo``, the
///   tracer): the conformance is looked up once, and each call is one closure call.
@usableFromInline
package enum Equality<Value> {
  /// Whether `lhs` and `rhs` are equal, or `nil` when the type cannot be compared.
  @inlinable @inline(__always)
  package static func areEqual(_ lhs: Value, _ rhs: Value) -> Bool? {
    if MemoryLayout<Value>.size == 0 { return true }
    guard let witness = Self.self as? any EquatableWitness.Type else { return nil }
    return witness.areEqual(lhs, rhs)
  }

  /// Whether `lhs` and `rhs` are equal by `==`, or `nil` when the type is not `Equatable`.
  @inlinable @inline(__always)
  package static func areEqualByEquatable(_ lhs: Value, _ rhs: Value) -> Bool? {
    guard let witness = Self.self as? any EquatableWitness.Type else { return nil }
    return witness.areEqual(lhs, rhs)
  }

  /// Whether ``areEqual(_:_:)`` can compare values of the type; resolved at compile time once
  /// specialized.
  @inlinable @inline(__always)
  package static var canCompare: Bool {
    MemoryLayout<Value>.size == 0 || Self.self is any EquatableWitness.Type
  }

  /// Whether `Value` is `Equatable`.
  package static var isEquatable: Bool { Value.self is any Equatable.Type }

  /// ``areEqual(_:_:)`` as a closure, with the conformance looked up now; `nil` when the type
  /// cannot be compared.
  package static func makeComparison() -> ((Value, Value) -> Bool)? {
    if MemoryLayout<Value>.size == 0 { return { _, _ in true } }
    return makeComparisonByEquatable()
  }

  /// ``areEqualByEquatable(_:_:)`` as a closure, with the conformance looked up now; `nil` when
  /// the type is not `Equatable`.
  package static func makeComparisonByEquatable() -> ((Value, Value) -> Bool)? {
    guard let witness = Self.self as? any EquatableWitness.Type else { return nil }
    return comparison(of: witness)
  }

  private static func comparison<Witness: EquatableWitness>(
    of _: Witness.Type
  ) -> ((Value, Value) -> Bool)? {
    // Witness.Compared is Value here (see the conformance below): the cast of the function only
    // tells the compiler so, once, and the closure is `==` itself.
    Witness.comparison as? (Value, Value) -> Bool
  }
}

/// What ``Equality`` conforms to exactly when its value type is `Equatable`.
@usableFromInline
package protocol EquatableWitness {
  /// The `Equatable` type, which is the ``Equality``'s value type.
  associatedtype Compared
  /// `==` of ``Compared``.
  static var comparison: (Compared, Compared) -> Bool { get }
  /// `==` of ``Compared``, for values of a type the caller knows is ``Compared``.
  static func areEqual<T>(_ lhs: T, _ rhs: T) -> Bool
}

extension Equality: EquatableWitness where Value: Equatable {
  @usableFromInline package typealias Compared = Value

  @usableFromInline package static var comparison: (Value, Value) -> Bool { (==) }

  @inlinable @inline(__always)
  package static func areEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
    // T is Value: Equality.areEqual passes its own values. Once specialized, both casts are
    // resolved at compile time and vanish.
    guard let lhs = lhs as? Value, let rhs = rhs as? Value else {
      preconditionFailure("Equality<\(Value.self)> compared values of type \(T.self)")
    }
    return lhs == rhs
  }
}

/// Returns the comparison of ``Equality/makeComparison()`` for `type`: `==` when it is
/// `Equatable`, always equal when it has no stored data, `nil` otherwise.
func makeEquality<T>(_ type: T.Type) -> ((T, T) -> Bool)? {
  Equality<T>.makeComparison()
}
