// SPDX-License-Identifier: Apache-2.0

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock that knows which thread holds it.
///
/// Signals hold it while they deliver an event, which serializes concurrent senders. Because it
/// records its owner, a caller can tell a re-entrant call (the owning thread calls back into the
/// signal from an observer) from contention (another thread holds the lock) and act on each.
/// Code that needs no owner takes a ``PthreadMutex``, which this lock is built on.
@usableFromInline
package final class SendLock: @unchecked Sendable {
  @usableFromInline let mutex = PthreadMutex()
  @usableFromInline let owner = Synchronization.Atomic<UInt>(0)

  @usableFromInline
  package init() {}

  /// An identifier of the calling thread, never zero.
  @inlinable
  package static var currentThread: UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self()))))
  }

  /// Whether the calling thread holds the lock.
  @inlinable
  package var isHeldByCurrentThread: Bool {
    owner.load(ordering: .relaxed) == SendLock.currentThread
  }

  /// Takes the lock, waiting for another thread to release it. The caller must not hold it.
  @inlinable
  package func lock() {
    #if DEBUG
      // A pthread mutex taken twice by one thread deadlocks without a word.
      precondition(
        !isHeldByCurrentThread,
        "SendLock.lock(): the calling thread already holds this lock; use withReentrantLock(_:).")
    #endif
    mutex.lock()
    owner.store(SendLock.currentThread, ordering: .relaxed)
  }

  /// Releases the lock taken by ``lock()``.
  @inlinable
  package func unlock() {
    #if DEBUG
      precondition(
        isHeldByCurrentThread,
        """
        SendLock.unlock(): the calling thread does not hold this lock (owner: thread \
        \(owner.load(ordering: .relaxed))); only the thread that took it may release it.
        """)
    #endif
    owner.store(0, ordering: .relaxed)
    mutex.unlock()
  }

  /// Runs `body` holding the lock; when the calling thread already holds it, runs `body` as is.
  @inlinable
  package func withReentrantLock<R>(_ body: () throws -> R) rethrows -> R {
    if isHeldByCurrentThread { return try body() }
    lock()
    defer { unlock() }
    return try body()
  }
}
