// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// A thread-safe list of events, for tests that record what happened in which order.
final class Recorder<Event: Sendable>: Sendable {
  // Locked, not Synchronization.Mutex: the thread sanitizer does not see the latter's futex.
  private let storage = Locked<[Event]>([])

  func record(_ event: Event) {
    storage.withLock { $0.append(event) }
  }

  var events: [Event] {
    storage.withLock { $0 }
  }

  func removeAll() {
    storage.withLock { $0.removeAll() }
  }
}
