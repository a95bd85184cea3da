// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// The storage of a mutable property: one writer or reader at a time on any thread, and a
/// property's observers see the value they were sent.
@Suite struct PropertyStorageTests {
  @Test func concurrentChangesAreNotLost() {
    let storage = PropertyStorage(0)
    onThreads(4) { _ in
      for _ in 0..<2_000 { storage.withLock { $0 += 1 } }
    }
    #expect(storage.current == 8_000)
  }

  @Test func readersOnOtherThreadsSeeOnlyWholeChanges() {
    // Both halves change together under the lock; a reader never sees them apart.
    let storage = PropertyStorage((0, 0))
    let torn = Counter()
    onThreads(3) { thread in
      for step in 0..<2_000 {
        if thread == 0 {
          storage.withLock { $0 = (step, step) }
        } else {
          let (first, second) = storage.current
          if first != second { _ = torn.increment() }
        }
      }
    }
    #expect(torn.value == 0)
  }

  @Test func observerOfAPropertyReadsTheValueItWasSent() {
    let property = MutableProperty(0)
    var mismatches = 0
    property.signal.observeValues { value in
      if property.value != value { mismatches += 1 }
    }
    for value in 1...100 { property.value = value }
    #expect(mismatches == 0)
    #expect(property.value == 100)
  }
}
