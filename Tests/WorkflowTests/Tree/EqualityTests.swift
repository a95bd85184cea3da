// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// The one rule for "did this value change": `==` for Equatable types, always equal for types
/// without stored data, not comparable otherwise; both spellings agree.
@Suite struct EqualityTests {
  private struct Point: Equatable {
    var x: Int
    var label: String
  }

  private struct Opaque {
    var x: Int
  }

  private struct Empty {}

  private final class Box: Equatable {
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
  }

  /// Checks both spellings on `pairs`, expecting `expected` for each.
  private func check<T>(
    _ pairs: [(T, T)], expected: [Bool?], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let comparison = Equality<T>.makeComparison()
    for ((lhs, rhs), expected) in zip(pairs, expected) {
      #expect(Equality<T>.areEqual(lhs, rhs) == expected, sourceLocation: sourceLocation)
      #expect(comparison.map { $0(lhs, rhs) } == expected, sourceLocation: sourceLocation)
    }
    #expect(Equality<T>.canCompare == (comparison != nil), sourceLocation: sourceLocation)
  }

  /// Calls the inlinable spelling from code that is not specialized for `T`.
  @inline(never)
  private func unspecializedAreEqual<T>(_ lhs: T, _ rhs: T) -> Bool? {
    Equality<T>.areEqual(lhs, rhs)
  }

  @Test func equatableValuesCompareWithEquals() {
    check([(1, 1), (1, 2)], expected: [true, false])
    check(
      [
        (Point(x: 1, label: "a"), Point(x: 1, label: "a")),
        (Point(x: 1, label: "a"), Point(x: 1, label: "b")),
      ],
      expected: [true, false])
    check([(Box(1), Box(1)), (Box(1), Box(2))], expected: [true, false])
    check([("", ""), ("a", "b")], expected: [true, false])
  }

  @Test func valuesOfATypeWithoutStoredDataAreAlwaysEqual() {
    check([((), ())], expected: [true])
    check([(Empty(), Empty())], expected: [true])
  }

  @Test func otherValuesCannotBeCompared() {
    check([(Opaque(x: 1), Opaque(x: 1))], expected: [nil])
    #expect(!Equality<Opaque>.canCompare)
  }

  @Test func theEquatableOnlySpellingLeavesOutTypesWithoutStoredData() {
    #expect(Equality<Empty>.areEqualByEquatable(Empty(), Empty()) == nil)
    #expect(Equality<Empty>.makeComparisonByEquatable() == nil)
    #expect(Equality<Int>.areEqualByEquatable(3, 3) == true)
    #expect(Equality<Int>.makeComparisonByEquatable().map { $0(3, 4) } == false)
    #expect(Equality<Empty>.isEquatable == false)
    #expect(Equality<Point>.isEquatable)
  }

  @Test func unspecializedCallersGetTheSameAnswers() {
    #expect(unspecializedAreEqual(Point(x: 1, label: "a"), Point(x: 1, label: "a")) == true)
    #expect(unspecializedAreEqual(Point(x: 1, label: "a"), Point(x: 2, label: "a")) == false)
    #expect(unspecializedAreEqual(Opaque(x: 1), Opaque(x: 1)) == nil)
    #expect(unspecializedAreEqual(Empty(), Empty()) == true)
  }
}
