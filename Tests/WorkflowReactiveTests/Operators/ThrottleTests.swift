// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct ThrottleTests {
  let marbles = Marbles()
  var scheduler: TestScheduler { marbles.scheduler }

  @Test func passesTheFirstValueThenTheLatestOfEachWindow() {
    let throttled = marbles.signal("abc-d----e|").throttle(marbles.tick * 3, on: scheduler)
    #expect(marbles.record(throttled) == "a--c--d--e|")
  }

  @Test func passesAValueAtOnceAfterAQuietInterval() {
    let throttled = marbles.signal("a----b|").throttle(marbles.tick * 2, on: scheduler)
    #expect(marbles.record(throttled) == "a----b|")
  }

  @Test func keepsOnlyTheLatestValueOfTheSameTick() {
    let throttled = marbles.signal("(ab)-c|").throttle(marbles.tick * 2, on: scheduler)
    #expect(marbles.record(throttled) == "b-c|")
  }

  @Test func terminalEventsPassAtOnceAndDropAWaitingValue() {
    let throttled = marbles.signal("a-b|").throttle(marbles.tick * 5, on: scheduler)
    #expect(marbles.record(throttled) == "a--|")
    let other = Marbles()
    let failed = other.signal("a-b#").throttle(other.tick * 5, on: other.scheduler)
    #expect(other.record(failed) == "a--#")
  }

  @Test func throttlesEachRunOfAProducer() {
    let throttled = marbles.producer("abc-d|").throttle(marbles.tick * 2, on: scheduler)
    #expect(marbles.record(throttled) == "a-c-d|")
  }
}
