// SPDX-License-Identifier: Apache-2.0

/// A value guarded by a mutex, shareable between threads.
///
/// The mutex is a ``PthreadMutex``, whose comment says why it is not `Synchronization.Mutex`.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let mutex = PthreadMutex()
  // Only touched holding the mutex, which already makes every access exclusive.
  @exclusivity(unchecked) @usableFromInline var value: Value

  @usableFromInline
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable
  package func withLock<R, E: Swift.Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&value)
  }

  /// The current value, read under the lock.
  @inlinable
  package var current: Value {
    withLock { $0 }
  }
}
