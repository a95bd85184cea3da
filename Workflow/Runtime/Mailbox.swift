// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The inbox of a host's runtime: the sends made on other threads, waiting for the main queue.
///
/// The only state of the runtime shared with other threads, guarded by its lock: a send from
/// another thread lands here, and the first one after each delivery asks for one hop to the
/// main queue, so a flood of sends costs few hops and keeps each sender's order. Sends made on
/// the main actor during a step wait in the queue of the ``StepStateMachine`` instead. The
/// mailbox itself, like the rest of the runtime, is confined to the main actor's host.
@usableFromInline
final class Mailbox {
  /// A send to deliver or apply: it submits, or applies, its action or output on the main
  /// queue.
  @usableFromInline typealias Item = () -> Void

  private struct Inbox {
    var items = FIFOQueue<Item>()
    /// Whether a hop to the main queue will deliver `items`.
    var isHopScheduled = false
  }

  // A pthread mutex (Locked), not Synchronization.Mutex: under contention from many senders the
  // latter spun so long on Linux that the stress test spent most of its time in the lock.
  private let inbox = Locked(Inbox())

  /// Puts `item` in the inbox, from any thread.
  ///
  /// - Returns: Whether the caller must schedule the hop that delivers the inbox: true for the
  ///   first item after each ``takeInbox()``.
  func post(_ item: @escaping Item) -> Bool {
    inbox.withLock { inbox in
      inbox.items.append(item)
      defer {
        inbox.isHopScheduled = true
        Self.checkInvariants(of: inbox)
      }
      return !inbox.isHopScheduled
    }
  }

  /// Takes everything in the inbox, in the order it was posted; main actor only.
  func takeInbox() -> FIFOQueue<Item> {
    inbox.withLock { inbox in
      inbox.isHopScheduled = false
      return inbox.items.takeAll()
    }
  }

  /// Traps when the inbox's bookkeeping is inconsistent; compiled in debug builds only.
  func checkInvariants() {
    #if DEBUG
      inbox.withLock { Self.checkInvariants(of: $0) }
    #endif
  }

  private static func checkInvariants(of inbox: Inbox) {
    #if DEBUG
      inbox.items.checkInvariants()
      precondition(
        inbox.items.isEmpty || inbox.isHopScheduled,
        "Mailbox: \(inbox.items.count) item(s) in the inbox and no hop scheduled to deliver them")
    #endif
  }
}
