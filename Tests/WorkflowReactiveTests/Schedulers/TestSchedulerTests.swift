// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Testing
import WorkflowReactive

@Suite struct TestSchedulerTests {
  let scheduler = TestScheduler()

  /// Collects labels from actions; the scheduler runs them on the test's thread.
  final class Log: @unchecked Sendable {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.current }
  }

  func at(_ seconds: Int) -> ContinuousClock.Instant {
    scheduler.now + .seconds(seconds)
  }

  @Test func runsNothingUntilAdvanced() {
    let log = Log()
    scheduler.schedule { log.append("now") }
    #expect(log.all == [])
    scheduler.advance()
    #expect(log.all == ["now"])
  }

  @Test func runsActionsInDateOrder() {
    let log = Log()
    scheduler.schedule(after: at(3)) { log.append("3") }
    scheduler.schedule(after: at(1)) { log.append("1") }
    scheduler.schedule(after: at(2)) { log.append("2") }
    scheduler.advance(by: .seconds(3))
    #expect(log.all == ["1", "2", "3"])
  }

  @Test func runsActionsAtTheSameInstantInSchedulingOrder() {
    let log = Log()
    let date = at(1)
    for label in ["a", "b", "c", "d"] {
      scheduler.schedule(after: date) { log.append(label) }
    }
    scheduler.advance(by: .seconds(1))
    #expect(log.all == ["a", "b", "c", "d"])
  }

  @Test func runsOnlyWhatIsDueWithinTheWindow() {
    let log = Log()
    scheduler.schedule(after: at(1)) { log.append("1") }
    scheduler.schedule(after: at(3)) { log.append("3") }
    scheduler.advance(by: .seconds(2))
    #expect(log.all == ["1"])
    scheduler.advance(by: .seconds(1))
    #expect(log.all == ["1", "3"])
  }

  @Test func runsWorkScheduledWhileAdvancingWhenItFallsInTheWindow() {
    let log = Log()
    let start = scheduler.now
    scheduler.schedule(after: at(1)) { [scheduler] in
      log.append("1")
      scheduler.schedule { log.append("1 now") }
      scheduler.schedule(after: start + .seconds(2)) { log.append("2") }
      scheduler.schedule(after: start + .seconds(5)) { log.append("5") }
    }
    scheduler.advance(by: .seconds(3))
    #expect(log.all == ["1", "1 now", "2"])
  }

  @Test func movesTheClockToEachActionWhileItRuns() {
    let start = scheduler.now
    let seen = Locked<[Duration]>([])
    for seconds in [2, 1] {
      scheduler.schedule(after: at(seconds)) { [scheduler] in
        seen.withLock { $0.append(start.duration(to: scheduler.now)) }
      }
    }
    scheduler.advance(by: .seconds(5))
    #expect(seen.current == [.seconds(1), .seconds(2)])
    #expect(scheduler.now == start + .seconds(5))
  }

  @Test func neverMovesTheClockBackwards() {
    let start = scheduler.now
    scheduler.advance(by: .seconds(2))
    scheduler.advance(to: start)
    #expect(scheduler.now == start + .seconds(2))
  }

  @Test func runsActionsForAPastDateOnTheNextAdvance() {
    let log = Log()
    scheduler.advance(by: .seconds(2))
    scheduler.schedule(after: scheduler.now - .seconds(1)) { log.append("late") }
    scheduler.advance()
    #expect(log.all == ["late"])
  }

  @Test func cancelledActionsDoNotRun() {
    let log = Log()
    let cancelled = scheduler.schedule(after: at(1)) { log.append("cancelled") }
    scheduler.schedule(after: at(1)) { log.append("kept") }
    cancelled?.dispose()
    scheduler.run()
    #expect(log.all == ["kept"])
    #expect(cancelled?.isDisposed == true)
  }

  @Test func cancellingReleasesTheAction() {
    final class Payload: Sendable {}
    weak var weakPayload: Payload?
    let disposable: (any Disposable)? = {
      let payload = Payload()
      weakPayload = payload
      return scheduler.schedule(after: at(1)) { withExtendedLifetime(payload) {} }
    }()
    #expect(weakPayload != nil)
    disposable?.dispose()
    #expect(weakPayload == nil)
  }

  @Test func repeatsEveryIntervalUntilDisposed() {
    let start = scheduler.now
    let ticks = Locked<[Duration]>([])
    let timer = scheduler.schedule(after: at(1), interval: .seconds(2), leeway: .zero) {
      [scheduler] in
      ticks.withLock { $0.append(start.duration(to: scheduler.now)) }
    }
    scheduler.advance(by: .seconds(6))
    #expect(ticks.current == [.seconds(1), .seconds(3), .seconds(5)])
    timer?.dispose()
    scheduler.advance(by: .seconds(6))
    #expect(ticks.current.count == 3)
  }

  @Test func aRepeatingActionCanCancelItself() {
    let count = Locked(0)
    let timer = SerialDisposable()
    timer.inner = scheduler.schedule(after: at(1), interval: .seconds(1), leeway: .zero) {
      let runs = count.withLock { count in
        count += 1
        return count
      }
      if runs == 2 { timer.dispose() }
    }
    scheduler.advance(by: .seconds(10))
    #expect(count.current == 2)
  }

  @Test func runFinishesOneOffWorkAndStopsWhenOnlyRepeatingWorkIsLeft() {
    let log = Log()
    scheduler.schedule(after: at(1), interval: .seconds(1), leeway: .zero) { log.append("tick") }
    scheduler.schedule(after: at(3)) { log.append("once") }
    scheduler.run()
    // The third tick shares its instant with "once", which was scheduled first.
    #expect(log.all == ["tick", "tick", "once", "tick"])
  }

  @Test func runReturnsAtOnceWithOnlyRepeatingWork() {
    let log = Log()
    let start = scheduler.now
    scheduler.schedule(after: at(1), interval: .seconds(1), leeway: .zero) { log.append("tick") }
    scheduler.run()
    #expect(log.all == [])
    #expect(scheduler.now == start)
  }

  @Test func runFollowsWorkThatSchedulesMoreWork() {
    let log = Log()
    func chain(_ remaining: Int) {
      scheduler.schedule(after: scheduler.now + .seconds(1)) {
        log.append("\(remaining)")
        if remaining > 1 { chain(remaining - 1) }
      }
    }
    chain(3)
    scheduler.run()
    #expect(log.all == ["3", "2", "1"])
  }

  @Test func acceptsWorkFromManyThreadsAtOnce() {
    let count = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<100 {
        scheduler.schedule(after: at(index % 5)) { count.withLock { $0 += 1 } }
        if index % 10 == 0 { _ = scheduler.now }
      }
    }
    scheduler.run()
    #expect(count.current == 800)
  }
}
