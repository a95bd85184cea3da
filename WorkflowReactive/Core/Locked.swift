// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a mutex, shareable between threads.
///
/// The mutex is a pthread mutex rather than `Synchronization.Mutex`: on Linux the latter locks
/// with raw futex calls that the thread sanitizer cannot see, so it reports every access it
/// guards as a race.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  // Only touched holding the mutex, which already makes every access exclusive.
  @exclusivity(unchecked) @usableFromInline var value: Value

  @usableFromInline
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable
  package func withLock<R, E: Swift.Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// The current value, read under the lock.
  @inlinable
  package var current: Value {
    withLock { $0 }
  }
}

/// Carries a value across a concurrency boundary that the caller knows to be safe.
///
/// The reactive layer serializes events itself, so values may move between threads through its
/// schedulers without being `Sendable`. This box states that promise in one place.
package struct UncheckedSendable<Value>: @unchecked Sendable {
  package var value: Value

  package init(_ value: Value) {
    self.value = value
  }
}
