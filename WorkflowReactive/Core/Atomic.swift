// SPDX-License-Identifier: Apache-2.0

/// A variable that threads read and change one at a time.
///
/// Each access takes a lock, so a read-modify-write in ``modify(_:)`` is never interleaved with
/// another thread's access.
///
/// ```swift
/// let count = Atomic(0)
/// count.modify { $0 += 1 }
/// let previous = count.swap(10)  // 1
/// ```
///
/// In a file that also imports `Synchronization`, write `WorkflowReactive.Atomic` (or
/// `Synchronization.Atomic` for the lock-free one there).
public final class Atomic<Value> {
  private let storage: Locked<Value>

  /// Creates a variable holding `value`.
  public init(_ value: Value) {
    storage = Locked(value)
  }

  /// The current value; setting it replaces the value atomically.
  public var value: Value {
    get { storage.current }
    set { swap(newValue) }
  }

  /// Changes the value in place, with no other access in between.
  ///
  /// - Returns: What `action` returns.
  @discardableResult
  public func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
    try storage.withLock { value in try action(&value) }
  }

  /// Runs `action` with the current value, with no change in between.
  ///
  /// - Returns: What `action` returns.
  @discardableResult
  public func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
    try storage.withLock { value in try action(value) }
  }

  /// Replaces the value with `newValue`.
  ///
  /// - Returns: The value it replaced.
  @discardableResult
  public func swap(_ newValue: Value) -> Value {
    modify { value in
      let old = value
      value = newValue
      return old
    }
  }
}

// Every access to the value goes through the lock.
extension Atomic: @unchecked Sendable {}
