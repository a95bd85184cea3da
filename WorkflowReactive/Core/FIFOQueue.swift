// SPDX-License-Identifier: Apache-2.0

/// A first-in, first-out queue: append at the back, take from the front, both O(1) amortized.
///
/// The one queue of the package: the workflow runtime's mailbox and inbox, the buffer of an
/// `AsyncValues` iteration and the inner producers a `concat` flatten waits to start all use it.
/// It is a value type without a lock; its owner guards it.
///
/// Taken elements leave the front by moving an index; the storage is compacted once the taken
/// part is at least half of it, and reset (keeping its capacity) when the queue runs empty, so a
/// queue that is drained now and then never grows beyond twice its longest backlog.
///
/// Inlinable so that other modules' queues are specialized for their element type: unspecialized,
/// every `isEmpty` looked up the queue's generic metadata (R1 +4%, its runtime checks it once
/// per action).
@usableFromInline
package struct FIFOQueue<Element> {
  @usableFromInline var storage: ContiguousArray<Element> = []
  /// The index of the front element in `storage`.
  @usableFromInline var head = 0

  /// Creates an empty queue.
  @inlinable
  package init() {}

  /// Whether the queue holds no element.
  @inlinable
  package var isEmpty: Bool { head == storage.count }

  /// The number of elements waiting.
  @inlinable
  package var count: Int { storage.count - head }

  /// Adds `element` at the back.
  @inlinable
  package mutating func append(_ element: Element) {
    storage.append(element)
  }

  /// Removes and returns the front element, or `nil` when the queue is empty.
  @inlinable
  package mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 16, head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  /// Removes every element, keeping the storage for later appends.
  @inlinable
  package mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    head = 0
  }

  /// Removes and returns every element, front first, leaving the queue empty.
  @inlinable
  package mutating func takeAll() -> FIFOQueue {
    var taken = FIFOQueue()
    swap(&taken, &self)
    return taken
  }

  /// Traps when the queue's bookkeeping is inconsistent; compiled in debug builds only.
  @inlinable
  package func checkInvariants() {
    #if DEBUG
      precondition(
        head >= 0 && head <= storage.count,
        "FIFOQueue<\(Element.self)>: front index \(head) outside storage of \(storage.count)")
      precondition(
        head < 16 || head * 2 < storage.count,
        "FIFOQueue<\(Element.self)>: \(head) taken elements of \(storage.count) not compacted")
    #endif
  }
}

extension FIFOQueue: Sendable where Element: Sendable {}
