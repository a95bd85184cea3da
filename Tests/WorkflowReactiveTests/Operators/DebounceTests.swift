// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct DebounceTests {
  let marbles = Marbles()
  var scheduler: TestScheduler { marbles.scheduler }

  @Test func sendsTheLastValueOfABurstOnceQuiet() {
    let debounced = marbles.signal("ab---cd---|").debounce(marbles.tick * 2, on: scheduler)
    #expect(marbles.record(debounced) == "---b----d-|")
  }

  @Test func dropsAWaitingValueOnCompletionByDefault() {
    let debounced = marbles.signal("a-b|").debounce(marbles.tick * 3, on: scheduler)
    #expect(marbles.record(debounced) == "---|")
  }

  @Test func sendsAWaitingValueBeforeCompletionWhenAsked() {
    let debounced = marbles.signal("a-b|")
      .debounce(marbles.tick * 3, on: scheduler, discardWhenCompleted: false)
    // As in ReactiveSwift, the kept value waits for its own interval: b (tick 2) + 3 ticks.
    #expect(marbles.record(debounced) == "-----(b|)")
  }

  @Test func completionWithNothingWaitingSendsNoValue() {
    let debounced = marbles.signal("a---|")
      .debounce(marbles.tick, on: scheduler, discardWhenCompleted: false)
    #expect(marbles.record(debounced) == "-a--|")
  }

  @Test func failsAtOnceDroppingTheWaitingValue() {
    let debounced = marbles.signal("a#").debounce(marbles.tick * 2, on: scheduler)
    #expect(marbles.record(debounced) == "-#")
  }

  @Test func debouncesEachRunOfAProducer() {
    let debounced = marbles.producer("ab--c--|").debounce(marbles.tick * 2, on: scheduler)
    #expect(marbles.record(debounced) == "---b--c|")
  }

  @Test func disposingARunCancelsTheWaitingValue() {
    var events: [Signal<String, MarbleError>.Event] = []
    let run = marbles.producer("a").debounce(marbles.tick, on: scheduler).start {
      events.append($0)
    }
    scheduler.advance()
    run.dispose()
    scheduler.run()
    #expect(events == [.interrupted])
  }
}
