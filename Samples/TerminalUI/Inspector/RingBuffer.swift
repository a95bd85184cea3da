// SPDX-License-Identifier: Apache-2.0

/// A fixed-capacity buffer that keeps the most recent elements, dropping the oldest.
package struct RingBuffer<Element> {
  private var storage: [Element] = []
  private var oldest = 0

  /// The most elements kept.
  package let capacity: Int

  /// Creates an empty buffer.
  ///
  /// - Parameter capacity: The most elements kept; at least 1.
  package init(capacity: Int) {
    precondition(capacity > 0, "RingBuffer: capacity \(capacity) must be at least 1")
    self.capacity = capacity
    storage.reserveCapacity(capacity)
  }

  /// Adds `element`, dropping the oldest one when the buffer is full.
  package mutating func append(_ element: Element) {
    if storage.count < capacity {
      storage.append(element)
    } else {
      storage[oldest] = element
      oldest = (oldest + 1) % capacity
    }
  }

  /// The elements kept, oldest first.
  package var elements: [Element] {
    Array(storage[oldest...] + storage[..<oldest])
  }
}
