// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The work waiting for a host's runtime: the queue of sends that arrived while a step ran, and
/// the inbox of sends made on other threads.
///
/// The queue is confined to the main actor, like the rest of the runtime. The inbox is the only
/// state shared with other threads, and its lock guards it: a send from another thread lands
/// there, and the first one after each delivery asks for one hop to the main queue, so a flood
/// of sends costs few hops and keeps each sender's order.
final class Mailbox: @unchecked Sendable {
  /// A queued send: applies its action or output, or runs a host call, at its node.
  typealias Item = () -> Void

  private struct Inbox {
    var items = FIFOQueue<Item>()
    /// Whether a hop to the main queue will deliver `items`.
    var isHopScheduled = false
  }

  // Confined to the main queue, which makes every access exclusive; the runtime checks it
  // after every action.
  @exclusivity(unchecked) private var queue = FIFOQueue<Item>()
  // A pthread mutex (Locked), not Synchronization.Mutex: under contention from many senders the
  // latter spun so long on Linux that the stress test spent most of its time in the lock.
  private let inbox = Locked(Inbox())

  /// Whether sends wait in the queue.
  var hasQueued: Bool { !queue.isEmpty }

  /// Queues `item` behind the others; main actor only.
  func enqueue(_ item: @escaping Item) {
    queue.append(item)
    checkInvariants()
  }

  /// Takes the first queued item; main actor only.
  func dequeue() -> Item? {
    let item = queue.popFirst()
    checkInvariants()
    return item
  }

  /// Drops everything queued, when the host goes away.
  func removeAll() {
    queue = FIFOQueue()
    checkInvariants()
  }

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
    let items = inbox.withLock { inbox in
      inbox.isHopScheduled = false
      return inbox.items.takeAll()
    }
    checkInvariants()
    return items
  }

  /// Traps when the mailbox's bookkeeping is inconsistent; compiled in debug builds only.
  ///
  /// The queue is read without synchronization, so call it on the main actor only.
  func checkInvariants() {
    #if DEBUG
      queue.checkInvariants()
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
