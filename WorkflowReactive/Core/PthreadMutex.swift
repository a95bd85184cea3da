// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pthread mutex: the one lock implementation of the package.
///
/// ``Locked`` (a value guarded by a mutex) and ``SendLockParking`` (where threads wait for a
/// contended ``SendLock``) are built on it, and code that needs a bare lock, such as the
/// runtime's inbox, stores one directly. It is a pthread mutex rather than `Synchronization.Mutex` for two measured
/// reasons: on Linux the latter locks with raw futex calls that the thread sanitizer cannot see,
/// so it reports every access it guards as a race; and under contention from many senders it
/// spun so long that the runtime's stress test spent most of its time in the lock.
///
/// The mutex lives in its own allocation because a pthread mutex must not move, and it is
/// noncopyable so that exactly one owner destroys it. Stored in a class, it adds no indirection
/// beyond that pointer.
@usableFromInline
package struct PthreadMutex: ~Copyable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

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

  /// Takes the mutex, waiting for another thread to release it. The caller must not hold it.
  @inlinable
  package func lock() {
    pthread_mutex_lock(mutex)
  }

  /// Releases the mutex; the caller must hold it.
  @inlinable
  package func unlock() {
    pthread_mutex_unlock(mutex)
  }
}
