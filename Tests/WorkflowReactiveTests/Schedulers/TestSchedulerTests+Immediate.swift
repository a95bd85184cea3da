// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

/// `TestScheduler(runsDueActionsImmediately: true)`: the clock of scripted sessions, where work
/// due at once must not wait for the next command.
@Suite struct TestSchedulerImmediateTests {
  let scheduler = TestScheduler(runsDueActionsImmediately: true)

  @Test func isOffByDefault() {
    #expect(!TestScheduler().runsDueActionsImmediately)
    #expect(scheduler.runsDueActionsImmediately)
  }

  @Test func presentWorkRunsAsItIsScheduledAndFutureWorkWaitsForTheClock() {
    var log: [String] = []
    #expect(scheduler.schedule { log.append("now") } == nil)
    #expect(scheduler.schedule(after: scheduler.now) { log.append("due") } == nil)
    scheduler.schedule(after: scheduler.now - .seconds(1)) { log.append("past") }
    scheduler.schedule(after: scheduler.now + .seconds(2)) { log.append("later") }
    #expect(log == ["now", "due", "past"])
    scheduler.advance(by: .seconds(1))
    #expect(log == ["now", "due", "past"])
    scheduler.advance(by: .seconds(1))
    #expect(log == ["now", "due", "past", "later"])
  }

  @Test func workScheduledForTheMomentOfAnAdvanceRunsInsideTheActionThatSchedulesIt() {
    var log: [String] = []
    scheduler.schedule(after: scheduler.now + .seconds(1)) { [scheduler] in
      log.append("tick")
      scheduler.schedule { log.append("follow-up") }
      log.append("tick done")
    }
    scheduler.advance(by: .seconds(1))
    #expect(log == ["tick", "follow-up", "tick done"])
  }

  @Test func repeatingWorkRunsOncePerIntervalAndStopsWhenDisposed() {
    var ticks = 0
    let disposable = scheduler.schedule(
      after: scheduler.now + .seconds(1), interval: .seconds(1), leeway: .zero
    ) { ticks += 1 }
    scheduler.advance(by: .seconds(3))
    #expect(ticks == 3)
    disposable?.dispose()
    scheduler.advance(by: .seconds(3))
    #expect(ticks == 3)
  }

  @Test func repeatingWorkDueNowStillWaitsForTheNextAdvance() {
    var ticks = 0
    scheduler.schedule(after: scheduler.now, interval: .seconds(1), leeway: .zero) {
      ticks += 1
    }
    #expect(ticks == 0)
    scheduler.advance()
    #expect(ticks == 1)
  }

  @Test func aZeroDelayCompletesBeforeTheCallReturns() {
    var values: [Int] = []
    SignalProducer(values: 1, 2).delay(.zero, on: scheduler).startWithValues { values.append($0) }
    #expect(values == [1, 2])
  }
}
