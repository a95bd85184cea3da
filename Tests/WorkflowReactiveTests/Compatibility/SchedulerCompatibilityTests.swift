// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import TestSupport
import Testing
import WorkflowReactive

/// The scheduler API on `Date` and `DispatchTimeInterval`, used as ReactiveSwift's docs and
/// specs use it.
@Suite struct SchedulerCompatibilityTests {
  // MARK: TestScheduler

  @Test func aTestSchedulerStartsAtTheReferenceDateOrTheGivenOne() {
    #expect(TestScheduler().currentDate == Date(timeIntervalSinceReferenceDate: 0))
    let startDate = Date()
    #expect(TestScheduler(startDate: startDate).currentDate == startDate)
  }

  @Test func runsActionsWhenAdvancedPastTheirDelay() {
    let startDate = Date()
    let scheduler = TestScheduler(startDate: startDate)
    var string = ""
    var datesSeen: [Date] = []
    scheduler.schedule(after: .seconds(15)) {
      string += "bar"
      datesSeen.append(scheduler.currentDate)
    }
    scheduler.schedule(after: .seconds(5)) {
      string += "foo"
      datesSeen.append(scheduler.currentDate)
    }
    scheduler.advance(by: .seconds(10))
    #expect(string == "foo")
    #expect(scheduler.currentDate == startDate.addingTimeInterval(10))
    scheduler.advance(by: .seconds(10))
    #expect(string == "foobar")
    #expect(datesSeen == [startDate.addingTimeInterval(5), startDate.addingTimeInterval(15)])
    #expect(scheduler.currentDate == startDate.addingTimeInterval(20))
  }

  @Test func runsActionsAtADateAndAdvancesToADate() {
    let scheduler = TestScheduler()
    let start = scheduler.currentDate
    var fired = false
    scheduler.schedule(after: start.addingTimeInterval(2)) { fired = true }
    scheduler.advance(to: start.addingTimeInterval(1.5))
    #expect(!fired)
    #expect(scheduler.currentDate == start.addingTimeInterval(1.5))
    scheduler.advance(to: start.addingTimeInterval(2))
    #expect(fired)
  }

  @Test func advancingByADispatchIntervalOrSecondsOrADurationMovesTheSameTime() {
    let startDate = Date()
    let byDispatch = TestScheduler(startDate: startDate)
    let bySeconds = TestScheduler(startDate: startDate)
    let byDuration = TestScheduler(startDate: startDate)
    byDispatch.advance(by: .milliseconds(300))
    bySeconds.advance(by: 0.3)
    byDuration.advance(by: Duration.milliseconds(300))
    #expect(byDispatch.currentDate == bySeconds.currentDate)
    #expect(byDispatch.currentDate == byDuration.currentDate)
    #expect(byDispatch.now == byDuration.now)
  }

  @Test func aDateAndAnInstantOneSecondAheadFallDueTogether() {
    let scheduler = TestScheduler()
    var fired: [String] = []
    scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(1)) {
      fired.append("date")
    }
    scheduler.schedule(after: scheduler.now + .seconds(1)) { fired.append("instant") }
    scheduler.advance(by: .milliseconds(999))
    #expect(fired == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(fired == ["date", "instant"])
  }

  @Test func repeatsAnActionFromADateEveryInterval() {
    let scheduler = TestScheduler()
    let start = scheduler.currentDate
    var dates: [Date] = []
    let timer = scheduler.schedule(
      after: start.addingTimeInterval(1), interval: .seconds(1), leeway: .seconds(0)
    ) {
      dates.append(scheduler.currentDate)
    }
    scheduler.advance(by: .seconds(3))
    timer?.dispose()
    scheduler.advance(by: .seconds(3))
    #expect(dates == [1, 2, 3].map { start.addingTimeInterval($0) })
  }

  @Test func repeatsAnActionAfterADelayEveryInterval() {
    let scheduler = TestScheduler()
    var count = 0
    let timer = scheduler.schedule(after: .seconds(2), interval: .milliseconds(500)) {
      count += 1
    }
    scheduler.advance(by: .seconds(1))
    #expect(count == 0)
    scheduler.advance(by: .seconds(2))
    #expect(count == 3)
    timer?.dispose()
  }

  @Test func runRunsAllRemainingActionsInOrder() {
    let scheduler = TestScheduler()
    var string = ""
    scheduler.schedule(after: .seconds(15)) { string += "bar" }
    scheduler.schedule(after: .seconds(5)) { string += "foo" }
    scheduler.schedule { string += "fuzzbuzz" }
    #expect(string == "")
    scheduler.run()
    #expect(string == "fuzzbuzzfoobar")
  }

  @Test func rewindingMovesTheDateBackAndActionsWaitAgain() {
    let scheduler = TestScheduler()
    let start = scheduler.currentDate
    var fired = false
    scheduler.advance(by: .seconds(5))
    scheduler.schedule(after: start.addingTimeInterval(6)) { fired = true }
    scheduler.rewind(by: .seconds(3))
    #expect(scheduler.currentDate == start.addingTimeInterval(2))
    scheduler.advance(by: .seconds(3))
    #expect(!fired)
    scheduler.advance(by: .seconds(1))
    #expect(fired)
  }

  @Test func advanceRunsWhatIsDueWithoutMovingTheClock() {
    // ReactiveSwift moves the clock a nanosecond here; a difference kept on purpose.
    let scheduler = TestScheduler()
    let start = scheduler.currentDate
    var ran = false
    scheduler.schedule { ran = true }
    scheduler.advance()
    #expect(ran)
    #expect(scheduler.currentDate == start)
  }

  // MARK: Operators

  @Test func secondsAsAnIntervalOfEitherKindPicksTheTimerThatSendsDates() {
    let scheduler = TestScheduler()
    let dates = SignalProducer.timer(interval: .seconds(1), on: scheduler)
    let instants = SignalProducer.timer(interval: Duration.seconds(1), on: scheduler)
    #expect(type(of: dates) == SignalProducer<Date, Never>.self)
    #expect(type(of: instants) == SignalProducer<ContinuousClock.Instant, Never>.self)
  }

  @Test func timerSendsTheSchedulersDates() {
    let scheduler = TestScheduler()
    let start = scheduler.currentDate
    var dates: [Date] = []
    let run = SignalProducer.timer(interval: .seconds(1), on: scheduler)
      .startWithValues { dates.append($0) }
    scheduler.advance(by: .seconds(2))
    run.dispose()
    #expect(dates == [start.addingTimeInterval(1), start.addingTimeInterval(2)])
  }

  @Test func timerWithALeewaySendsDatesAndTheDurationSpellingSendsInstants() {
    let scheduler = TestScheduler()
    var dates: [Date] = []
    var instants: [ContinuousClock.Instant] = []
    let dateRun = SignalProducer.timer(
      interval: .milliseconds(500), on: scheduler, leeway: .milliseconds(50)
    )
    .startWithValues { dates.append($0) }
    let instantRun = SignalProducer.timer(interval: Duration.milliseconds(500), on: scheduler)
      .startWithValues { instants.append($0) }
    scheduler.advance(by: .seconds(1))
    dateRun.dispose()
    instantRun.dispose()
    #expect(dates.count == 2)
    #expect(instants.count == 2)
    #expect(dates.last == scheduler.currentDate)
    #expect(instants.last == scheduler.now)
  }

  @Test func timeoutFailsWhenTheSignalHasNotEndedInTime() {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, TestError>()
    signal.timeout(after: 2, raising: .boom, on: scheduler).observe(recorder.observer)
    input.send(value: 1)
    scheduler.advance(by: .seconds(1))
    input.send(value: 2)
    #expect(recorder.events == [.value(1), .value(2)])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value(1), .value(2), .failed(.boom)])
    input.send(value: 3)
    #expect(recorder.events.count == 3)
  }

  @Test func timeoutDoesNothingWhenTheRunEndsInTime() {
    let scheduler = TestScheduler()
    let recorder = Recorder<Int, TestError>()
    SignalProducer<Int, TestError>(value: 1)
      .delay(1, on: scheduler)
      .timeout(after: 2, raising: .boom, on: scheduler)
      .start(recorder.observer)
    scheduler.advance(by: .seconds(5))
    #expect(recorder.events == [.value(1), .completed])
  }

  @Test func timeoutOfAStreamThatCannotFailRaisesANewError() {
    let scheduler = TestScheduler()
    let recorder = Recorder<Int, TestError>()
    let disposable = SignalProducer<Int, Never>.never
      .timeout(after: 1, raising: TestError.boom, on: scheduler)
      .start(recorder.observer)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.failed(.boom)])
    disposable.dispose()
  }

  @Test func collectEveryTakesADispatchInterval() {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, Never>.pipe()
    var batches: [[Int]] = []
    signal.collect(every: .seconds(1), on: scheduler).observeValues { batches.append($0) }
    input.send(value: 1)
    input.send(value: 2)
    scheduler.advance(by: .seconds(1))
    input.send(value: 3)
    scheduler.advance(by: .seconds(1))
    #expect(batches == [[1, 2], [3]])
  }

  @Test func timeOperatorsTakeTimeIntervalsInSeconds() {
    let scheduler = TestScheduler()
    var events: [String] = []
    SignalProducer<Int, TestError>(error: .boom)
      .retry(upTo: 1, interval: 1, on: scheduler)
      .flatMapError { _ in SignalProducer(value: 0) }
      .delay(0.5, on: scheduler)
      .debounce(0.25, on: scheduler, discardWhenCompleted: false)
      .start { event in
        events.append("\(event) at \(scheduler.currentDate.timeIntervalSinceReferenceDate)")
      }
    scheduler.run()
    #expect(events == ["value 0 at 1.75", "completed at 1.75"])
  }

  // MARK: Schedulers written for ReactiveSwift

  /// A date scheduler as ReactiveSwift code writes one: only the `Date` requirements.
  final class DateOnlyScheduler: DateScheduler, @unchecked Sendable {
    let virtual = TestScheduler()
    var currentDate: Date { virtual.currentDate }

    func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
      virtual.schedule(action)
    }

    func schedule(after date: Date, action: @escaping () -> Void) -> (any Disposable)? {
      virtual.schedule(after: date, action: action)
    }

    func schedule(
      after date: Date,
      interval: DispatchTimeInterval,
      leeway: DispatchTimeInterval,
      action: @escaping () -> Void
    ) -> (any Disposable)? {
      virtual.schedule(after: date, interval: interval, leeway: leeway, action: action)
    }
  }

  @Test func aSchedulerWithOnlyTheDateRequirementsDrivesTheTimeOperators() {
    let scheduler = DateOnlyScheduler()
    let start = scheduler.currentDate
    var values: [Int] = []
    var dates: [Date] = []
    SignalProducer([1, 2]).delay(2, on: scheduler).startWithValues { values.append($0) }
    let ticks = SignalProducer.timer(interval: .seconds(1), on: scheduler)
      .startWithValues { dates.append($0) }
    scheduler.virtual.advance(by: .seconds(1))
    #expect(values == [])
    scheduler.virtual.advance(by: .seconds(1))
    ticks.dispose()
    #expect(values == [1, 2])
    #expect(dates == [start.addingTimeInterval(1), start.addingTimeInterval(2)])
    #expect(scheduler.now == scheduler.virtual.now)
  }

  // MARK: QueueScheduler

  @Test func queueSchedulerExposesItsQueueAndMainUsesTheMainQueue() {
    let scheduler = QueueScheduler(qos: .userInitiated, name: "compat.queue")
    #expect(scheduler.queue.label == "compat.queue")
    #expect(QueueScheduler.main.queue.label == DispatchQueue.main.label)
  }

  @Test func queueSchedulerRunsAnActionAtADate() async {
    let scheduler = QueueScheduler(name: "compat.after-date")
    scheduler.queue.suspend()
    let ran = Locked(false)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule(after: Date()) {
        ran.withLock { $0 = true }
        done.resume()
      }
      #expect(!ran.current)
      scheduler.queue.resume()
    }
    #expect(ran.current)
  }

  @Test func queueSchedulerRepeatsFromADateUntilDisposed() async {
    let scheduler = QueueScheduler(name: "compat.repeating")
    let count = Locked(0)
    let disposable = SerialDisposable()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      disposable.inner = scheduler.schedule(
        after: Date(), interval: .milliseconds(2), leeway: .seconds(0)
      ) {
        let reached = count.withLock { count in
          count += 1
          return count == 3
        }
        if reached {
          disposable.dispose()
          done.resume()
        }
      }
    }
    // Runs after any tick already queued, which the disposal keeps from counting.
    await withCheckedContinuation { done in scheduler.schedule { done.resume() } }
    #expect(count.current == 3)
  }

  @Test func queueSchedulerRepeatsWithADefaultLeeway() async {
    let scheduler = QueueScheduler(name: "compat.default-leeway")
    let disposable = SerialDisposable()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      disposable.inner = scheduler.schedule(after: Date(), interval: .milliseconds(2)) {
        disposable.dispose()
        done.resume()
      }
    }
  }
}
