// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

/// Collects weak references during a test and checks at the end that every one of them is gone.
///
/// Thread-safe: objects may be tracked from any thread, such as a worker's.
///
/// ```swift
/// try withLeakTracking { leaks in
///   let (signal, input) = Signal<Int, Never>.pipe()
///   leaks.track(signal.core, "signal core")
///   input.sendCompleted()
/// }
/// ```
public final class LeakTracker: @unchecked Sendable {
  private struct Entry {
    weak var object: AnyObject?
    let name: String
    let sourceLocation: SourceLocation
  }

  // Weak references are read and cleared atomically; the lock guards the array.
  private let entries = Locked<[Entry]>([])

  /// Creates an empty tracker.
  public init() {}

  /// Registers `object`, which must be deallocated by the time ``expectAllDeallocated()`` runs.
  ///
  /// - Parameters:
  ///   - object: The object to watch; only a weak reference is kept.
  ///   - name: What the object is, named in the failure message.
  public func track(
    _ object: AnyObject, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let entry = Entry(object: object, name: name, sourceLocation: sourceLocation)
    entries.withLock { $0.append(entry) }
  }

  /// The names of the tracked objects that are still alive.
  public var leakedNames: [String] {
    entries.current.filter { $0.object != nil }.map(\.name)
  }

  /// Records an issue for each tracked object that is still alive, naming it.
  public func expectAllDeallocated() {
    for entry in entries.current where entry.object != nil {
      Issue.record(
        "Leaked \(entry.name): still alive at the end of the test.",
        sourceLocation: entry.sourceLocation)
    }
  }
}

/// Runs `body` with a fresh ``LeakTracker``, then expects every object it tracked to be gone.
///
/// The check runs after `body` returns, so locals of `body` have been released by then.
public func withLeakTracking<R>(_ body: (LeakTracker) throws -> R) rethrows -> R {
  let tracker = LeakTracker()
  let result = try body(tracker)
  tracker.expectAllDeallocated()
  return result
}
