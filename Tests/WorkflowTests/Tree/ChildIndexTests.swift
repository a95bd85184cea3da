// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// The hash index behind a child list's out-of-order lookups.
@Suite struct ChildIndexTests {
  private enum TypeA {}
  private static let typeA = ObjectIdentifier(TypeA.self)

  @Test func everyTagHasItsLowestBitSet() {
    for key in ["", "a", "b", "0", "999", "a longer key with spaces"] {
      #expect(ChildIndex.tag(typeID: Self.typeA, key: key) & 1 == 1)
    }
  }

  @Test func anEntryIsFoundByItsTagThroughGrowth() {
    var index = ChildIndex()
    index.build(expected: 1)
    var tags: [UInt32] = []
    for position in 0..<1_000 {
      let tag = ChildIndex.tag(typeID: Self.typeA, key: String(position))
      tags.append(tag)
      index.insert(
        tag: tag, reference: position.isMultiple(of: 2) ? .last(position) : .next(position))
    }
    index.checkInvariants()
    #expect(index.capacity >= 2_000)
    for (position, tag) in tags.enumerated() {
      let expected: ChildIndex.Reference =
        position.isMultiple(of: 2) ? .last(position) : .next(position)
      let found = index.first(tag: tag) { $0 == expected ? $0 : nil }
      #expect(found == expected, "entry \(position)")
    }
  }

  @Test func aTagWithoutEntryFindsNothing() {
    var index = ChildIndex()
    index.build(expected: 4)
    index.insert(tag: ChildIndex.tag(typeID: Self.typeA, key: "a"), reference: .last(0))
    let missing = ChildIndex.tag(typeID: Self.typeA, key: "b")
    #expect(index.first(tag: missing) { $0 } == nil)
  }

  @Test func resetForgetsTheEntriesAndKeepsTheBuckets() {
    var index = ChildIndex()
    index.build(expected: 100)
    let tag = ChildIndex.tag(typeID: Self.typeA, key: "a")
    index.insert(tag: tag, reference: .last(3))
    let capacity = index.capacity
    index.reset()
    index.checkInvariants()
    #expect(!index.isBuilt)
    #expect(index.capacity == capacity)
    index.build(expected: 1)
    #expect(index.first(tag: tag) { $0 } == nil)
  }

  @Test func releaseFreesTheBuckets() {
    var index = ChildIndex()
    index.build(expected: 100)
    index.insert(tag: ChildIndex.tag(typeID: Self.typeA, key: "a"), reference: .next(0))
    index.release()
    index.checkInvariants()
    #expect(index.capacity == 0)
  }
}
