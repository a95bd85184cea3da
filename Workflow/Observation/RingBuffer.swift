// SPDX-License-Identifier: Apache-2.0

/// The last few elements appended, oldest first: a fixed-capacity buffer that drops its oldest
/// element to make room for a new one.
///
/// The one keep-last-N buffer of the module: the tracer keeps its last passes in one and the
/// history its last steps. Appending is O(1) and never moves the elements kept.
package struct RingBuffer<Element> {
  private var storage: [Element] = []
  /// The index in `storage` of the oldest element, once the buffer is full.
  private var oldest = 0

  /// The most elements kept.
  package let capacity: Int

  /// Creates an empty buffer.
  ///
  /// - Parameter capacity: The most elements kept; at least 1.
  package init(capacity: Int) {
    precondition(capacity > 0, "RingBuffer: capacity \(capacity) must be at least 1")
    self.capacity = capacity
  }

  /// Adds `element` after the others, dropping the oldest one when the buffer is full.
  package mutating func append(_ element: Element) {
    if storage.count < capacity {
      storage.append(element)
    } else {
      storage[oldest] = element
      oldest = (oldest + 1) % capacity
    }
    checkInvariants()
  }

  /// Removes the newest element.
  ///
  /// - Returns: The element; `nil` when the buffer is empty.
  @discardableResult
  package mutating func removeLast() -> Element? {
    guard !storage.isEmpty else { return nil }
    if oldest != 0 { rotateOldestToFront() }
    let element = storage.removeLast()
    checkInvariants()
    return element
  }

  /// Puts the elements in order in `storage`, so that it can shrink from its end.
  private mutating func rotateOldestToFront() {
    storage = Array(storage[oldest...] + storage[..<oldest])
    oldest = 0
  }

  /// Traps when the buffer's bookkeeping is inconsistent; compiled in debug builds only.
  package func checkInvariants() {
    #if DEBUG
      precondition(
        storage.count <= capacity,
        "RingBuffer<\(Element.self)>: \(storage.count) elements kept, capacity \(capacity)")
      precondition(
        oldest == 0 || (oldest < storage.count && storage.count == capacity),
        "RingBuffer<\(Element.self)>: oldest index \(oldest) in \(storage.count) of \(capacity)")
    #endif
  }
}

extension RingBuffer: RandomAccessCollection, MutableCollection {
  /// The position of the oldest element.
  package var startIndex: Int { 0 }

  /// The position after the newest element.
  package var endIndex: Int { storage.count }

  /// The element at `position`, 0 being the oldest.
  package subscript(position: Int) -> Element {
    get {
      precondition(
        indices.contains(position),
        "RingBuffer: index \(position) out of range 0..<\(storage.count)")
      return storage[(oldest + position) % storage.count]
    }
    set {
      precondition(
        indices.contains(position),
        "RingBuffer: index \(position) out of range 0..<\(storage.count)")
      storage[(oldest + position) % storage.count] = newValue
    }
  }
}
