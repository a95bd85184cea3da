// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import Workflow

/// The one keep-last-N buffer, which the tracer and the history keep their last entries in.
@Suite struct RingBufferTests {
  @Test func keepsTheLastElementsOldestFirst() {
    var buffer = RingBuffer<Int>(capacity: 3)
    #expect(buffer.isEmpty)
    for value in 1...5 { buffer.append(value) }
    #expect(Array(buffer) == [3, 4, 5])
    #expect(buffer.first == 3 && buffer.last == 5)
  }

  @Test func removingTheNewestAfterWrappingKeepsTheOrder() {
    var buffer = RingBuffer<Int>(capacity: 3)
    for value in 1...5 { buffer.append(value) }
    #expect(buffer.removeLast() == 5)
    #expect(Array(buffer) == [3, 4])
    buffer.append(6)
    buffer.append(7)
    #expect(Array(buffer) == [4, 6, 7])
    buffer.removeLast()
    buffer.removeLast()
    buffer.removeLast()
    #expect(buffer.removeLast() == nil)
    #expect(buffer.isEmpty)
  }

  @Test func anElementIsReplacedInPlace() {
    var buffer = RingBuffer<String>(capacity: 2)
    for value in ["a", "b", "c"] { buffer.append(value) }
    buffer[buffer.count - 1] = "z"
    #expect(Array(buffer) == ["b", "z"])
  }

  @Test func behavesLikeTheLastElementsOfAnArray() {
    withEvery(seed: 0..<200) { seed, random in
      let capacity = Int.random(in: 1...6, using: &random)
      var buffer = RingBuffer<Int>(capacity: capacity)
      var model: [Int] = []
      for value in 0..<40 {
        if Bool.random(using: &random) || model.isEmpty {
          buffer.append(value)
          model.append(value)
          if model.count > capacity { model.removeFirst() }
        } else {
          #expect(buffer.removeLast() == model.removeLast(), "seed \(seed)")
        }
        buffer.checkInvariants()
        #expect(Array(buffer) == model, "seed \(seed)")
      }
    }
  }

  @Test func aCapacityBelowOneTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = RingBuffer<Int>(capacity: 0)
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("RingBuffer: capacity 0 must be at least 1"))
    }
  }
}
