// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// The send lock: one owner at a time, re-entrant calls told apart from contention, and no
/// waiter left asleep when the lock is released.
@Suite struct SendLockTests {
  /// A count the lock guards, with a check that nobody else is inside.
  private final class Guarded: @unchecked Sendable {
    let lock = SendLock()
    var count = 0
    var inside = 0
    var overlaps = 0
  }

  @Test func contendedLockAdmitsOneThreadAtATimeAndLosesNoWakeUp() {
    let guarded = Guarded()
    let threads = 4
    let rounds = 5_000
    onThreads(threads) { _ in
      for _ in 0..<rounds {
        guarded.lock.lock()
        guarded.inside += 1
        if guarded.inside != 1 { guarded.overlaps += 1 }
        guarded.count += 1
        guarded.inside -= 1
        guarded.lock.unlock()
      }
    }
    // Every thread got the lock every time it asked: none slept through a release.
    #expect(guarded.count == threads * rounds)
    #expect(guarded.overlaps == 0)
    #expect(!guarded.lock.isHeldByCurrentThread)
  }

  @Test func locksOfDifferentSignalsWaitIndependently() {
    // Waiters of two locks share the parking; each must still get its own lock.
    let first = Guarded()
    let second = Guarded()
    onThreads(4) { index in
      let guarded = index.isMultiple(of: 2) ? first : second
      for _ in 0..<2_000 {
        guarded.lock.withReentrantLock { guarded.count += 1 }
      }
    }
    #expect(first.count == 4_000)
    #expect(second.count == 4_000)
  }

  @Test func lockUnlessHeldTellsAReentrantCallFromATakenLock() {
    let lock = SendLock()
    #expect(lock.lockUnlessHeld())
    #expect(lock.isHeldByCurrentThread)
    #expect(!lock.lockUnlessHeld())
    lock.unlock()
    #expect(!lock.isHeldByCurrentThread)
    #expect(lock.lockUnlessHeld())
    lock.unlock()
  }

  @Test func withReentrantLockRunsInsideItselfAndReleasesOnce() {
    let lock = SendLock()
    let depth = lock.withReentrantLock {
      lock.withReentrantLock { lock.isHeldByCurrentThread ? 2 : 0 }
    }
    #expect(depth == 2)
    #expect(!lock.isHeldByCurrentThread)
  }

  @Test func anotherThreadDoesNotHoldWhatThisThreadHolds() {
    let lock = SendLock()
    lock.lock()
    let seenElsewhere = Locked<Bool?>(nil)
    onThreads(1) { _ in seenElsewhere.withLock { $0 = lock.isHeldByCurrentThread } }
    lock.unlock()
    #expect(seenElsewhere.withLock { $0 } == false)
  }
}
