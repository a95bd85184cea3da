// SPDX-License-Identifier: Apache-2.0

import Foundation
import TestSupport
import Testing
import Workflow

/// The entries a restoring node keeps for its children: each taken once, by type and key, in
/// constant work per child whatever the order the children are rendered in.
@Suite struct PendingRestoresTests {
  private static let count = 40_000

  private func entries(_ keys: some Sequence<String>, type: String = "M.Leaf")
    -> [WorkflowSnapshot.Node]
  {
    keys.map { .init(workflowType: type, key: $0, state: Data($0.utf8), children: []) }
  }

  private let keys = (0..<count).map { "k\($0)" }

  @Test func childrenInTheSavedOrderAreTakenWithoutAnIndex() {
    let pending = PendingRestores(children: entries(keys))
    for key in keys {
      #expect(pending.take(typeName: "M.Leaf", key: key)?.key == key)
    }
    #expect(pending.isEmpty)
    #expect(!pending.isIndexed)
    #expect(pending.probes == Self.count)
    pending.checkInvariants()
  }

  @Test func childrenInReverseAreTakenThroughTheIndexInConstantWorkEach() {
    let pending = PendingRestores(children: entries(keys))
    for key in keys.reversed() {
      #expect(pending.take(typeName: "M.Leaf", key: key)?.key == key)
    }
    #expect(pending.isEmpty)
    #expect(pending.isIndexed)
    // One look at the next entry before the index is built, then one lookup per child.
    #expect(pending.probes == Self.count + 1)
    pending.checkInvariants()
  }

  @Test func childrenThatNoEntryMatchesCostOneLookupEach() {
    let pending = PendingRestores(children: entries(keys))
    for key in keys {
      #expect(pending.take(typeName: "M.Leaf", key: "other " + key) == nil)
      #expect(pending.take(typeName: "M.Other", key: key) == nil)
    }
    #expect(pending.probes == 2 * Self.count + 1)
    #expect(!pending.isEmpty)
    pending.checkInvariants()
  }

  @MainActor
  @Test func aHostRestoresFortyThousandChildrenRenderedInReverse() throws {
    let source = WorkflowHost(workflow: SlotRow(keys: keys, isSource: true))
    let saved = try source.snapshot()
    #expect(saved.root.children.count == Self.count)
    let reversed = WorkflowHost(workflow: SlotRow(keys: keys.reversed()), restoringFrom: saved)
    #expect(reversed.rendering.value == keys.reversed().map { $0.count })
    let unmatched = WorkflowHost(
      workflow: SlotRow(keys: keys.map { "new " + $0 }), restoringFrom: saved)
    #expect(unmatched.rendering.value.allSatisfy { $0 == 0 }, "no entry matches: fresh states")
  }

  @Test func eachEntryIsTakenOnce() {
    let pending = PendingRestores(children: entries(["a", "b"]))
    #expect(pending.take(typeName: "M.Leaf", key: "b") != nil)
    #expect(pending.take(typeName: "M.Leaf", key: "b") == nil)
    #expect(pending.take(typeName: "M.Leaf", key: "a") != nil)
    #expect(pending.take(typeName: "M.Leaf", key: "a") == nil)
    #expect(pending.isEmpty)
    pending.checkInvariants()
  }

  @Test func entriesUnderOneTypeAndKeyAreTakenInSnapshotOrder() throws {
    var saved = entries(["x", "dup", "y", "dup", "dup"])
    for index in saved.indices { saved[index].state = Data("\(index)".utf8) }
    let pending = PendingRestores(children: saved)
    #expect(pending.take(typeName: "M.Leaf", key: "y")?.encodedNode?.state == Data("2".utf8))
    pending.checkInvariants()
    #expect(pending.take(typeName: "M.Leaf", key: "dup")?.encodedNode?.state == Data("1".utf8))
    #expect(pending.take(typeName: "M.Leaf", key: "dup")?.encodedNode?.state == Data("3".utf8))
    pending.checkInvariants()
    #expect(pending.take(typeName: "M.Leaf", key: "dup")?.encodedNode?.state == Data("4".utf8))
    #expect(pending.take(typeName: "M.Leaf", key: "dup") == nil)
    pending.checkInvariants()
  }

  @Test func theTypeAndTheKeyMustBothMatch() {
    let pending = PendingRestores(
      children: entries(["a"], type: "M.One") + entries(["a"], type: "M.Two"))
    #expect(pending.take(typeName: "M.Two", key: "a")?.workflowType == "M.Two")
    #expect(pending.take(typeName: "M.Two", key: "a") == nil)
    #expect(pending.take(typeName: "M.One", key: "b") == nil)
    #expect(pending.take(typeName: "M.One", key: "a")?.workflowType == "M.One")
    #expect(pending.isEmpty)
  }

  @Test func takesInAnyOrderMatchAModelOfTheEntries() {
    withEvery(seed: 0..<50) { seed, random in
      let names = (0..<40).map { _ in
        (Bool.random(using: &random) ? "M.A" : "M.B", "\(Int.random(in: 0..<12, using: &random))")
      }
      let saved = names.enumerated().map {
        WorkflowSnapshot.Node(
          workflowType: $1.0, key: $1.1, state: Data("\($0)".utf8), children: [])
      }
      let pending = PendingRestores(children: saved)
      var model = saved
      for _ in 0..<60 {
        let type = Bool.random(using: &random) ? "M.A" : "M.B"
        let key = "\(Int.random(in: 0..<14, using: &random))"
        let expected = model.firstIndex { $0.workflowType == type && $0.key == key }
        let taken = pending.take(typeName: type, key: key)
        #expect(taken?.encodedNode == expected.map { model[$0] }, "seed \(seed)")
        if let expected { model.remove(at: expected) }
        pending.checkInvariants()
      }
      #expect(pending.isEmpty == model.isEmpty, "seed \(seed)")
    }
  }
}

/// A snapshottable leaf whose state starts at `initial`.
private struct RestoredSlot: SnapshottableWorkflow {
  let initial: Int

  func makeInitialState() -> Int { initial }

  func render(state: Int, context: RenderContext<RestoredSlot>) -> Int { state }
}

/// A root rendering one ``RestoredSlot`` per key, in the order given, each starting at its
/// key's length when `isSource`, else at 0.
private struct SlotRow: Workflow {
  let keys: [String]
  var isSource = false

  func makeInitialState() {}

  func render(state: Void, context: RenderContext<SlotRow>) -> [Int] {
    keys.map { RestoredSlot(initial: isSource ? $0.count : 0).rendered(in: context, key: $0) }
  }
}
