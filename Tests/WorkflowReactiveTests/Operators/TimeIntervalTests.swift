// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// The `TimeInterval` (seconds as a `Double`) overloads of the time operators, as code ported
/// from ReactiveSwift calls them; each means the same as its `Duration` form.
@Suite struct TimeIntervalTests {
  let marbles = Marbles()
  var scheduler: TestScheduler { marbles.scheduler }

  @Test func delayTakesSeconds() {
    let interval: Double = 2
    #expect(recorded { $0.signal("ab-c|").delay(interval, on: $0.scheduler) } == "--ab-c|")
    #expect(recorded { $0.producer("a-|").delay(1.0, on: $0.scheduler) } == "-a-|")
  }

  @Test func debounceTakesSeconds() {
    #expect(recorded { $0.signal("ab---cd---|").debounce(2, on: $0.scheduler) } == "---b----d-|")
    #expect(
      recorded { $0.producer("a-b|").debounce(3, on: $0.scheduler, discardWhenCompleted: false) }
        == "-----(b|)")
  }

  @Test func throttleTakesSeconds() {
    #expect(recorded { $0.signal("abc---d|").throttle(2.0, on: $0.scheduler) } == "a-c---d|")
    // The completion comes before b's window ends, so b is dropped.
    #expect(recorded { $0.producer("ab|").throttle(3.0, on: $0.scheduler) } == "a-|")
  }

  @Test func timerTakesSeconds() {
    let ticks = SignalProducer.timer(interval: 2.0, on: scheduler, leeway: 0.1).map(value: "t")
    #expect(marbles.record(ticks, through: 5) == "--t-t")
    let halfTicks = SignalProducer.timer(interval: 0.5, on: scheduler).map(value: "t")
    #expect(scheduler.now == marbles.date(ofTick: 5))
    var count = 0
    let run = halfTicks.startWithValues { _ in count += 1 }
    scheduler.advance(by: .seconds(2))
    run.dispose()
    #expect(count == 4)
  }

  @Test func aDurationLiteralStillPicksTheDurationForm() {
    // `.zero` exists on both Duration and Double; existing code keeps meaning the Duration.
    var values: [Int] = []
    SignalProducer(values: 1, 2).delay(.zero, on: TestScheduler(runsDueActionsImmediately: true))
      .startWithValues { values.append($0) }
    #expect(values == [1, 2])
  }

  @Test func aNonFiniteIntervalTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.debounce(.infinity, on: TestScheduler())
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "debounce(_:on:): the interval inf is not a finite number of seconds; pass one that "
            + "is."))
    }
  }

  @Test func aNegativeIntervalTrapsLikeItsDurationForm() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.delay(-1, on: TestScheduler())
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("delay(_:on:): interval -1.0 seconds is negative"))
    }
  }
}
