// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// `SignalProducer.concat` and `prefix`, as ReactiveSwift's specs use them.
@Suite struct ConcatCompatibilityTests {
  let marbles = Marbles()

  @Test func concatStartsTheNextProducerWhenTheFirstCompletes() {
    let joined = marbles.producer("a-b|").concat(marbles.producer("c|"))
    #expect(marbles.record(joined) == "a-bc|")
  }

  @Test func concatStartsTheNextProducerOnlyThen() {
    var starts = 0
    let next = SignalProducer<String, MarbleError> { observer, _ in
      starts += 1
      observer.sendCompleted()
    }
    let joined = marbles.producer("a--|").concat(next)
    let disposable = joined.start()
    marbles.scheduler.advance(by: .seconds(2))
    #expect(starts == 0)
    marbles.scheduler.advance(by: .seconds(1))
    #expect(starts == 1)
    disposable.dispose()
  }

  @Test func concatDoesNotStartTheNextProducerAfterAFailure() {
    let joined = marbles.producer("a#").concat(marbles.producer("c|"))
    #expect(marbles.record(joined) == "a#")
  }

  @Test func concatStartsTheNextProducerAfterAnInterruption() {
    let joined = marbles.producer("a!").concat(marbles.producer("c|"))
    #expect(marbles.record(joined) == "ac|")
  }

  @Test func concatAValueOrAnErrorOrASignal() {
    var events: [Signal<Int, TestError>.Event] = []
    SignalProducer<Int, TestError>([1, 2]).concat(value: 3).start { events.append($0) }
    #expect(events == [.value(1), .value(2), .value(3), .completed])

    events = []
    SignalProducer<Int, TestError>(value: 1).concat(error: .boom).start { events.append($0) }
    #expect(events == [.value(1), .failed(.boom)])

    events = []
    let (signal, input) = Signal<Int, TestError>.pipe()
    let disposable = SignalProducer<Int, TestError>(value: 1).concat(signal)
      .start { events.append($0) }
    input.send(value: 2)
    input.sendCompleted()
    #expect(events == [.value(1), .value(2), .completed])
    disposable.dispose()
  }

  @Test func prefixRunsTheGivenProducerFirst() {
    let joined = marbles.producer("c|").prefix(marbles.producer("a-b|"))
    #expect(marbles.record(joined) == "a-bc|")
  }

  @Test func prefixAValueOrAProperty() {
    var values: [Int] = []
    SignalProducer<Int, Never>([2, 3]).prefix(value: 1).startWithValues { values.append($0) }
    #expect(values == [1, 2, 3])

    values = []
    let property = Property(value: 0)
    SignalProducer<Int, Never>(value: 1).prefix(property).startWithValues { values.append($0) }
    #expect(values == [0, 1])
  }
}
