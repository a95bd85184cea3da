// SPDX-License-Identifier: Apache-2.0

import Dispatch
import TestSupport
import Testing
import WorkflowReactive

@Suite struct ObserveOnTests {
  let marbles = Marbles()
  var scheduler: TestScheduler { marbles.scheduler }

  @Test func deliversEveryEventThroughTheScheduler() {
    let (signal, input) = Signal<Int, MarbleError>.pipe()
    var events: [Signal<Int, MarbleError>.Event] = []
    signal.observe(on: scheduler).observe { events.append($0) }
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    #expect(events == [])
    scheduler.advance()
    #expect(events == [.value(1), .value(2), .completed])
  }

  @Test func keepsTheTimelineOfTheSource() {
    #expect(marbles.record(marbles.signal("a-b(c#)").observe(on: scheduler)) == "a-b(c#)")
    let other = Marbles()
    #expect(other.record(other.producer("ab-!").observe(on: other.scheduler)) == "ab-!")
  }

  @Test func disposingARunDropsQueuedEventsAndInterruptsThroughTheScheduler() {
    var events: [Signal<Int, Never>.Event] = []
    let run = SignalProducer<Int, Never>(values: 1, 2)
      .observe(on: scheduler)
      .start { events.append($0) }
    run.dispose()
    #expect(events.isEmpty)
    scheduler.advance()
    #expect(events == [.interrupted])
  }

  @Test func deliversOnTheSchedulersQueue() async {
    let queueScheduler = QueueScheduler(name: "ObserveOnTests")
    let key = DispatchSpecificKey<Int>()
    queueScheduler.queue.setSpecific(key: key, value: 1)
    let onQueue = await withCheckedContinuation { (done: CheckedContinuation<[Bool], Never>) in
      var seen: [Bool] = []
      SignalProducer<Int, Never>(values: 1, 2, 3)
        .observe(on: queueScheduler)
        .start { event in
          seen.append(DispatchQueue.getSpecific(key: key) == 1)
          if event.isTerminating { done.resume(returning: seen) }
        }
    }
    #expect(onQueue == [true, true, true, true])
  }
}
