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
@usableFromInline
package final class SendLock: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline let owner = Atomic<UInt>(0)

  @usableFromInline
  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

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
    pthread_mutex_lock(mutex)
    owner.store(SendLock.currentThread, ordering: .relaxed)
  }

  /// Releases the lock taken by ``lock()``.
  @inlinable
  package func unlock() {
    owner.store(0, ordering: .relaxed)
    pthread_mutex_unlock(mutex)
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
