// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// A value guarded by a mutex, shareable between threads.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let mutex: Mutex<Void> = Mutex(())
  // Only touched holding the mutex, which already makes every access exclusive.
  @exclusivity(unchecked) @usableFromInline var value: Value

  @usableFromInline
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable
  package func withLock<R, E: Swift.Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    try mutex.withLock { (_: inout Void) throws(E) -> R in try body(&value) }
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
