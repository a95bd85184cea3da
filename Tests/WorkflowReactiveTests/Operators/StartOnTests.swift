// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Testing
import WorkflowReactive

@Suite struct StartOnTests {
  let scheduler = TestScheduler()

  @Test func runsTheStartHandlerOnTheScheduler() {
    var started = false
    var values: [Int] = []
    SignalProducer<Int, Never> { observer, _ in
      started = true
      observer.send(value: 1)
      observer.sendCompleted()
    }
    .start(on: scheduler)
    .startWithValues { values.append($0) }
    #expect(!started)
    scheduler.advance()
    #expect(started)
    #expect(values == [1])
  }

  @Test func disposingBeforeTheStartCancelsItAndInterrupts() {
    var started = false
    var events: [Signal<Int, Never>.Event] = []
    let run = SignalProducer<Int, Never> { _, _ in started = true }
      .start(on: scheduler)
      .start { events.append($0) }
    run.dispose()
    scheduler.run()
    #expect(!started)
    #expect(events == [.interrupted])
  }

  @Test func disposingAfterTheStartDisposesTheWork() {
    var workEnded = false
    let run = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded {
        // Holding the observer keeps the run from being interrupted by its release.
        withExtendedLifetime(observer) { workEnded = true }
      }
    }
    .start(on: scheduler)
    .start()
    scheduler.advance()
    #expect(!workEnded)
    run.dispose()
    #expect(workEnded)
  }

  @Test func startsOnTheSchedulersQueue() async {
    let queueScheduler = QueueScheduler(name: "StartOnTests")
    let key = DispatchSpecificKey<Int>()
    queueScheduler.queue.setSpecific(key: key, value: 1)
    let onQueue = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      SignalProducer<Bool, Never> { DispatchQueue.getSpecific(key: key) == 1 }
        .start(on: queueScheduler)
        .startWithValues { done.resume(returning: $0) }
    }
    #expect(onQueue)
  }
}
