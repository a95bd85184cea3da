// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import Workflow

/// The child list on its own, with plain objects as children, driven render by render as a node
/// drives it.
@Suite struct ChildListTests {
  private final class Child {
    let name: String
    var claimedBy = 0

    init(_ name: String) {
      self.name = name
    }
  }

  private enum TypeA {}
  private enum TypeB {}
  private static let typeA = ObjectIdentifier(TypeA.self)
  private static let typeB = ObjectIdentifier(TypeB.self)

  /// Renders `requests` (type, key) as a node would, numbering the render `number`: claims in
  /// order while it can, looks up otherwise, and makes what is missing.
  ///
  /// - Returns: The children of the render, in request order, and those it removed.
  private static func render(
    _ list: inout ChildList<Child>, number: Int,
    _ requests: [(type: ObjectIdentifier, key: String)]
  ) -> (children: [Child], removed: [Child]) {
    var children: [Child] = []
    for (type, key) in requests {
      if let matched = list.claimNextInOrder(typeID: type, key: key) {
        let child = matched.takeUnretainedValue()
        child.claimedBy = number
        children.append(child)
        continue
      }
      let (found, tag) = list.lookUp(typeID: type, key: key)
      if let found {
        #expect(found.claimedBy != number, "key \(key) found twice in one render")
        found.claimedBy = number
        list.appendFound(ChildList.Slot(typeID: type, key: key, node: found))
        children.append(found)
      } else {
        let made = Child(key)
        made.claimedBy = number
        list.appendNew(ChildList.Slot(typeID: type, key: key, node: made), tag: tag)
        children.append(made)
      }
    }
    let removed = list.finishRender { $0.claimedBy == number }
    list.checkInvariants(owner: "render \(number)")
    return (children, Array(removed))
  }

  private static func keys(_ children: [Child]) -> [String] { children.map(\.name) }

  @Test func theSameRequestsInTheSameOrderKeepEveryChild() {
    var list = ChildList<Child>()
    let requests = ["a", "b", "c"].map { (Self.typeA, $0) }
    let first = Self.render(&list, number: 1, requests)
    let second = Self.render(&list, number: 2, requests)
    #expect(zip(first.children, second.children).allSatisfy { $0 === $1 })
    #expect(second.removed.isEmpty)
    #expect(list.slots.map(\.key) == ["a", "b", "c"])
  }

  @Test func aRenderThatStopsEarlyRemovesTheTailInOrder() {
    var list = ChildList<Child>()
    let first = Self.render(&list, number: 1, ["a", "b", "c", "d"].map { (Self.typeA, $0) })
    let second = Self.render(&list, number: 2, ["a", "b"].map { (Self.typeA, $0) })
    #expect(Self.keys(second.removed) == ["c", "d"])
    #expect(second.removed[0] === first.children[2])
    #expect(list.slots.map(\.key) == ["a", "b"])
  }

  @Test func reorderedRequestsKeepTheChildrenAndTakeTheNewOrder() {
    var list = ChildList<Child>()
    let first = Self.render(&list, number: 1, ["a", "b", "c"].map { (Self.typeA, $0) })
    let second = Self.render(&list, number: 2, ["c", "a", "b"].map { (Self.typeA, $0) })
    #expect(second.children[0] === first.children[2])
    #expect(second.children[1] === first.children[0])
    #expect(second.removed.isEmpty)
    #expect(list.slots.map(\.key) == ["c", "a", "b"])
  }

  @Test func aChildLeftOutOfAReorderedRenderIsRemoved() {
    var list = ChildList<Child>()
    _ = Self.render(&list, number: 1, ["a", "b", "c"].map { (Self.typeA, $0) })
    let second = Self.render(&list, number: 2, ["c", "new", "a"].map { (Self.typeA, $0) })
    #expect(Self.keys(second.removed) == ["b"])
    #expect(list.slots.map(\.key) == ["c", "new", "a"])
  }

  @Test func theSameKeyUnderAnotherTypeIsAnotherChild() {
    var list = ChildList<Child>()
    let first = Self.render(&list, number: 1, [(Self.typeA, "x")])
    let second = Self.render(&list, number: 2, [(Self.typeB, "x"), (Self.typeA, "x")])
    #expect(second.children[0] !== first.children[0])
    #expect(second.children[1] === first.children[0])
    #expect(list.slots.map(\.typeID) == [Self.typeB, Self.typeA])
  }

  @Test func aChildMadeInThisRenderIsFoundAgainByItsIdentity() {
    var list = ChildList<Child>()
    _ = Self.render(&list, number: 1, [(Self.typeA, "a")])
    _ = list.lookUp(typeID: Self.typeA, key: "b")
    let made = Child("b")
    let (_, tag) = list.lookUp(typeID: Self.typeA, key: "b")
    list.appendNew(ChildList.Slot(typeID: Self.typeA, key: "b", node: made), tag: tag)
    #expect(list.lookUp(typeID: Self.typeA, key: "b").node === made)
    #expect(list.lookUp(typeID: Self.typeA, key: "a").node?.name == "a")
    #expect(list.lookUp(typeID: Self.typeB, key: "b").node == nil)
  }

  @Test func onlyAListWithChildrenOrNewRequestsHasARenderToFinish() {
    var leaf = ChildList<Child>()
    #expect(!leaf.hasRenderToFinish)
    _ = Self.render(&leaf, number: 1, [])
    #expect(!leaf.hasRenderToFinish)
    var parent = ChildList<Child>()
    _ = parent.lookUp(typeID: Self.typeA, key: "a")
    // Asked for a first child, the list has a render to finish before it has any child.
    #expect(parent.hasRenderToFinish)
    _ = parent.finishRender { _ in true }
    #expect(!parent.hasRenderToFinish)
    _ = Self.render(&parent, number: 2, [(Self.typeA, "a")])
    #expect(parent.hasRenderToFinish)
  }

  @Test func removingAllForgetsTheChildren() {
    var list = ChildList<Child>()
    _ = Self.render(&list, number: 1, [(Self.typeA, "a"), (Self.typeB, "b")])
    _ = Self.render(&list, number: 2, [(Self.typeB, "b"), (Self.typeA, "a")])
    list.removeAll()
    #expect(list.isEmpty)
    list.checkInvariants(owner: "emptied list")
    let again = Self.render(&list, number: 3, [(Self.typeA, "a")])
    #expect(again.children[0].claimedBy == 3)
  }

  /// Random renders against a model that keeps each child by identity: the list must return the
  /// same child for the same identity, the new order, and exactly the children left out.
  @Test func randomRendersKeepEveryChildItsIdentityAndOrder() {
    withEvery(seed: 0..<40) { seed, random in
      var list = ChildList<Child>()
      var model: [String: Child] = [:]
      for number in 1...30 {
        var keys = Array(0..<Int.random(in: 0...60, using: &random)).map { "k\($0)" }
        if Bool.random(using: &random) { keys.shuffle(using: &random) }
        keys.removeLast(Int.random(in: 0...keys.count, using: &random) / 3)
        let rendered = Self.render(&list, number: number, keys.map { (Self.typeA, $0) })
        for (key, child) in zip(keys, rendered.children) {
          if let known = model[key] {
            #expect(known === child, "seed \(seed): \(key) changed its child")
          }
        }
        let kept = Set(keys)
        let expectedRemoved = Set(model.keys).subtracting(kept)
        #expect(Set(Self.keys(rendered.removed)) == expectedRemoved, "seed \(seed)")
        model = Dictionary(uniqueKeysWithValues: zip(keys, rendered.children))
        #expect(list.slots.map(\.key) == keys, "seed \(seed)")
      }
    }
  }
}
