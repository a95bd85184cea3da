// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct TimerTests {
  let marbles = Marbles()
  var scheduler: TestScheduler { marbles.scheduler }

  @Test func sendsTheCurrentDateEveryInterval() {
    let start = scheduler.now
    var dates: [ContinuousClock.Instant] = []
    let run = SignalProducer.timer(interval: .seconds(2), on: scheduler)
      .startWithValues { dates.append($0) }
    scheduler.advance(by: .seconds(7))
    #expect(dates == [2, 4, 6].map { start + .seconds($0) })
    run.dispose()
  }

  @Test func ticksOnItsIntervalUntilDisposed() {
    let ticks = SignalProducer.timer(interval: marbles.tick * 2, on: scheduler).map(value: "t")
    #expect(marbles.record(ticks, through: 7) == "--t-t-t")
  }

  @Test func stopsWhenDisposed() {
    var events: [Signal<ContinuousClock.Instant, Never>.Event] = []
    let run = SignalProducer.timer(interval: .seconds(1), on: scheduler).start {
      events.append($0)
    }
    scheduler.advance(by: .seconds(1))
    run.dispose()
    scheduler.advance(by: .seconds(5))
    #expect(events.count == 2)
    #expect(events.last == .interrupted)
  }

  @Test func sendsFromAQueueScheduler() async {
    let queueScheduler = QueueScheduler(name: "TimerTests")
    let count = Locked(0)
    let run = SerialDisposable()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      run.inner = SignalProducer.timer(
        interval: .milliseconds(1), on: queueScheduler, leeway: .zero
      )
      .startWithValues { _ in
        let ticks = count.withLock { count in
          count += 1
          return count
        }
        if ticks == 3 { done.resume() }
      }
    }
    run.dispose()
    #expect(count.current >= 3)
  }
}
