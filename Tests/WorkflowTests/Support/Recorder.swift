// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// A thread-safe list of events, for tests that record what happened in which order.
final class Recorder<Event: Sendable>: Sendable {
  private let storage = Mutex<[Event]>([])

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
