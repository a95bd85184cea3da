// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where threads wait for a ``SendLock`` that another thread holds.
///
/// One for the whole process: a send lock is then one atomic word and a waiter count, with no
/// allocation of its own, and only contention pays for the mutex and condition here.
///
/// Invariant (why no wake-up is lost): a waiter registers in its lock's `waiters`, then tries the
/// lock, then sleeps, all holding this mutex; a releasing thread clears the owner, then reads
/// `waiters`, and wakes everyone under this mutex when it is not zero. Both sides use
/// sequentially consistent operations, so either the releasing thread sees the waiter and its
/// wake-up waits until the waiter sleeps, or the waiter's attempt sees the lock free.
@usableFromInline
final class SendLockParking: @unchecked Sendable {
  @usableFromInline static let shared = SendLockParking()

  private let mutex = PthreadMutex()
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  private init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
  }

  /// Returns once `thread` holds `lock`.
  @usableFromInline
  func wait(for lock: SendLock, as thread: UInt) {
    mutex.lock()
    lock.waiters.add(1, ordering: .sequentiallyConsistent)
    while !lock.owner.compareExchange(
      expected: 0, desired: thread, ordering: .sequentiallyConsistent
    ).exchanged {
      pthread_cond_wait(condition, mutex.mutex)
    }
    lock.waiters.subtract(1, ordering: .relaxed)
    #if DEBUG
      let waiting = lock.waiters.load(ordering: .relaxed)
      precondition(waiting >= 0, "SendLockParking: a send lock counts \(waiting) waiters.")
    #endif
    mutex.unlock()
  }

  /// Wakes every waiting thread; each tries its lock again.
  // All of them, since waiters of different locks share the condition.
  @usableFromInline
  func wakeWaiters() {
    mutex.lock()
    pthread_cond_broadcast(condition)
    mutex.unlock()
  }
}
