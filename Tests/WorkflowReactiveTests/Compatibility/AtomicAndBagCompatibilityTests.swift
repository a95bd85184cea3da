// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// `Atomic` and `Bag` as ReactiveSwift's specs use them.
@Suite struct AtomicAndBagCompatibilityTests {
  @Test func atomicReadsSetsSwapsAndModifies() {
    let atomic = Atomic(1)
    #expect(atomic.value == 1)
    atomic.value = 2
    #expect(atomic.swap(3) == 2)
    let doubled = atomic.modify { value -> Int in
      value *= 2
      return value
    }
    #expect(doubled == 6)
    #expect(atomic.withValue { $0 + 1 } == 7)
    #expect(atomic.value == 6)
  }

  @Test func atomicModifyRethrowsAndKeepsTheChangeMadeBeforeTheThrow() {
    let atomic = Atomic(0)
    #expect(throws: TestError.boom) {
      try atomic.modify { value in
        value = 5
        throw TestError.boom
      }
    }
    #expect(atomic.value == 5)
  }

  @Test func atomicModificationsFromManyThreadsAreNotLost() async {
    let counter = Atomic(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<1_000 { counter.modify { $0 += 1 } } }
      }
    }
    #expect(counter.value == 8_000)
  }

  @Test func bagKeepsInsertionOrderAndRemovesByToken() {
    var bag = Bag<String>()
    let a = bag.insert("a")
    let b = bag.insert("b")
    let secondA = bag.insert("a")
    #expect(Array(bag) == ["a", "b", "a"])

    #expect(bag.remove(using: b) == "b")
    #expect(bag.remove(using: b) == nil)
    #expect(Array(bag) == ["a", "a"])

    #expect(bag.remove(using: secondA) == "a")
    #expect(bag.remove(using: a) == "a")
    #expect(bag.isEmpty)
  }

  @Test func bagFromASequenceHandsOutFreshTokens() {
    var bag = Bag([1, 2, 3])
    let token: Bag<Int>.RemovalToken = bag.insert(4)
    #expect(bag.count == 4)
    #expect(bag[3] == 4)
    #expect(bag.remove(using: token) == 4)
    #expect(Array(bag) == [1, 2, 3])
  }

  @Test func bagTokensStayValidAcrossOtherRemovals() {
    var bag = Bag<Int>()
    let tokens = (0..<100).map { bag.insert($0) }
    for index in stride(from: 0, to: 100, by: 2) { bag.remove(using: tokens[index]) }
    #expect(Array(bag) == Array(stride(from: 1, to: 100, by: 2)))
    #expect(bag.remove(using: tokens[99]) == 99)
    #expect(bag.remove(using: tokens[98]) == nil)
  }
}
