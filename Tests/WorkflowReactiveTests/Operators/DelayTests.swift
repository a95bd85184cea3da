// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct DelayTests {
  let marbles = Marbles()
  var scheduler: TestScheduler { marbles.scheduler }

  @Test func delaysValuesAndCompletion() {
    let delayed = marbles.signal("ab-c|").delay(marbles.tick * 2, on: scheduler)
    #expect(marbles.record(delayed) == "--ab-c|")
  }

  @Test func passesFailureWithoutDelayAndDropsDelayedValues() {
    let delayed = marbles.signal("ab#").delay(marbles.tick * 5, on: scheduler)
    #expect(marbles.record(delayed) == "--#")
  }

  @Test func passesInterruptionWithoutDelay() {
    let delayed = marbles.signal("a!").delay(marbles.tick * 5, on: scheduler)
    #expect(marbles.record(delayed) == "-!")
  }

  @Test func delaysEachRunOfAProducerFromItsStart() {
    let delayed = marbles.producer("a-b|").delay(marbles.tick, on: scheduler)
    #expect(marbles.record(delayed) == "-a-b|")
    #expect(marbles.record(delayed) == "-----a-b|")
  }

  @Test func zeroDelayStillGoesThroughTheScheduler() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var values: [Int] = []
    signal.delay(.zero, on: scheduler).observeValues { values.append($0) }
    input.send(value: 1)
    #expect(values == [])
    scheduler.advance()
    #expect(values == [1])
  }

  @Test func disposingARunInterruptsAtOnceAndReleasesDelayedValues() {
    final class Payload: Sendable {}
    weak var weakPayload: Payload?
    var events: [String] = []
    let run: any Disposable = {
      let payload = Payload()
      weakPayload = payload
      return SignalProducer<Payload, Never>(value: payload)
        .delay(.seconds(10), on: scheduler)
        .start { events.append($0.isTerminating ? "\($0)" : "value") }
    }()
    #expect(weakPayload != nil)
    run.dispose()
    #expect(events == ["interrupted"])
    #expect(weakPayload == nil)
    scheduler.run()
    #expect(events == ["interrupted"])
  }
}
