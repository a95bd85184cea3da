// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// ReactiveSwift's flatten strategies and its flattening across error types and stream kinds.
@Suite struct FlattenCompatibilityTests {
  let marbles = Marbles()

  /// An outer signal sending, at each tick of `outer` marked with a letter, the producer that
  /// `inners` maps that letter to.
  private func outer(
    _ timeline: String, _ inners: [String: String]
  ) -> Signal<SignalProducer<String, MarbleError>, MarbleError> {
    marbles.signal(timeline).map { [marbles] key in marbles.producer(inners[key]!) }
  }

  // MARK: An interrupted inner stream

  @Test func mergeCountsAnInterruptedInnerAsCompleted() {
    let flattened = outer("ab--|", ["a": "x!", "b": "-y-z|"]).flatten(.merge)
    #expect(marbles.record(flattened) == "x-y-z|")
  }

  @Test func concatStartsTheNextInnerWhenOneIsInterrupted() {
    let flattened = outer("ab|", ["a": "x-!", "b": "y|"]).flatten(.concat)
    #expect(marbles.record(flattened) == "x-y|")
  }

  @Test func latestCompletesWhenItsLastInnerIsInterrupted() {
    let flattened = outer("a-b|", ["a": "x!", "b": "y-!"]).flatten(.latest)
    #expect(marbles.record(flattened) == "x-y-|")
  }

  @Test func concurrentFreesASlotWhenAnInnerIsInterrupted() {
    let flattened = outer("abc|", ["a": "x!", "b": "-y--|", "c": "-z|"])
      .flatten(.concurrent(limit: 2))
    #expect(marbles.record(flattened) == "x-yz-|")
  }

  @Test func raceInterruptsWithItsWinner() {
    // Throttle does the same: throttleInterruptsWithAnInner below.
    let raced = outer("a|", ["a": "x!"]).flatten(.race)
    #expect(marbles.record(raced) == "x!")
  }

  @Test func flatMapOfAProducerCountsAnInterruptedInnerAsCompleted() {
    let interrupted = SignalProducer<Int, Never> { observer, _ in
      observer.send(value: 10)
      observer.sendInterrupted()
    }
    var events: [Signal<Int, Never>.Event] = []
    SignalProducer<Int, Never>([1, 2])
      .flatMap(.merge) { value in value == 1 ? interrupted : SignalProducer(value: 20) }
      .start { events.append($0) }
    #expect(events == [.value(10), .value(20), .completed])
  }

  // MARK: race

  @Test func raceForwardsOnlyTheFirstInnerToSendAnEvent() {
    let flattened = outer("ab|", ["a": "--x-y|", "b": "z--w|"]).flatten(.race)
    // b starts at tick 1 and sends z at once; a, started at tick 0, would send at tick 2.
    #expect(marbles.record(flattened) == "-z--w|")
  }

  @Test func raceIgnoresInnersArrivingAfterTheWinner() {
    let flattened = outer("a-b|", ["a": "x--y|", "b": "z"]).flatten(.race)
    #expect(marbles.record(flattened) == "x--y|")
  }

  @Test func raceDisposesTheLosers() {
    let first = Probe<Int, Never>()
    let second = Probe<Int, Never>()
    let (outer, input) = Signal<SignalProducer<Int, Never>, Never>.pipe()
    var values: [Int] = []
    outer.flatten(.race).observeValues { values.append($0) }
    input.send(value: first.producer)
    input.send(value: second.producer)
    second.input.send(value: 2)
    first.input.send(value: 1)
    #expect(values == [2])
    #expect(!first.isRunning)
    #expect(second.isRunning)
  }

  @Test func raceFailsWithTheWinner() {
    let flattened = outer("a|", ["a": "x#"]).flatten(.race)
    #expect(marbles.record(flattened) == "x#")
  }

  // MARK: throttle

  @Test func throttleDropsInnersArrivingWhileOneRuns() {
    let flattened = outer("ab--c|", ["a": "x-y|", "b": "q|", "c": "z|"]).flatten(.throttle)
    #expect(marbles.record(flattened) == "x-y-z|")
  }

  @Test func throttleInterruptsWithAnInner() {
    let flattened = outer("a|", ["a": "x!"]).flatten(.throttle)
    #expect(marbles.record(flattened) == "x!")
  }

  // MARK: concurrent(limit:)

  @Test func concurrentRunsUpToTheLimitAndQueuesTheRest() {
    let flattened = outer("abc|", ["a": "a--|", "b": "b-|", "c": "c|"]).flatten(
      .concurrent(limit: 2))
    // c waits until b completes at tick 3.
    #expect(marbles.record(flattened) == "ab-c|")
  }

  @Test func concurrentWithALimitOfOneIsConcat() {
    let flattened = outer("ab|", ["a": "x-|", "b": "y|"]).flatten(.concurrent(limit: 1))
    #expect(marbles.record(flattened) == "x-y|")
  }

  // MARK: Across error types and kinds

  @Test func failingInnersInAnOuterThatCannotFail() {
    let (outer, input) = Signal<SignalProducer<Int, TestError>, Never>.pipe()
    let recorder = Recorder<Int, TestError>()
    outer.flatten(.merge).observe(recorder.observer)
    input.send(value: SignalProducer(value: 1))
    input.send(value: SignalProducer(error: .boom))
    #expect(recorder.events == [.value(1), .failed(.boom)])

    let producerRecorder = Recorder<Int, TestError>()
    SignalProducer<Int, Never>(values: 1, -1)
      .flatMap(.concat) { value in
        value < 0 ? SignalProducer<Int, TestError>(error: .boom) : SignalProducer(value: value)
      }
      .start(producerRecorder.observer)
    #expect(producerRecorder.events == [.value(1), .failed(.boom)])
  }

  @Test func innerSignalsThatCannotFailInAFailingOuter() {
    let (inner, innerInput) = Signal<Int, Never>.pipe()
    let (outer, outerInput) = Signal<Signal<Int, Never>, TestError>.pipe()
    let recorder = Recorder<Int, TestError>()
    outer.flatten(.latest).observe(recorder.observer)
    outerInput.send(value: inner)
    innerInput.send(value: 1)
    outerInput.send(error: .boom)
    #expect(recorder.events == [.value(1), .failed(.boom)])
  }

  @Test func failingInnerSignalsInAnOuterThatCannotFail() {
    let (inner, innerInput) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, TestError>()
    SignalProducer<Signal<Int, TestError>, Never>(value: inner).flatten(.merge)
      .start(recorder.observer)
    innerInput.send(value: 3)
    innerInput.send(error: .other)
    #expect(recorder.events == [.value(3), .failed(.other)])
  }

  @Test func aSignalOrPropertyInsideAProducer() {
    let first = MutableProperty(1)
    let second = MutableProperty(10)
    var values: [Int] = []
    let (outer, input) = Signal<MutableProperty<Int>, Never>.pipe()
    let run = SignalProducer(outer).flatten(.latest).startWithValues { values.append($0) }
    input.send(value: first)
    first.value = 2
    input.send(value: second)
    first.value = 3
    second.value = 11
    #expect(values == [1, 2, 10, 11])
    run.dispose()

    let (signal, signalInput) = Signal<Int, Never>.pipe()
    var fromSignal: [Int] = []
    SignalProducer<Int, Never>(value: 0).flatMap(.latest) { _ in signal }.startWithValues {
      fromSignal.append($0)
    }
    signalInput.send(value: 5)
    #expect(fromSignal == [5])
  }

  @Test func flatMapToAPropertyFollowsIt() {
    let selected = MutableProperty(0)
    let items = [MutableProperty("a"), MutableProperty("b")]
    var seen: [String] = []
    selected.producer.flatMap(.latest) { items[$0] }.startWithValues { seen.append($0) }
    items[0].value = "a2"
    selected.value = 1
    items[0].value = "a3"
    items[1].value = "b2"
    #expect(seen == ["a", "a2", "b", "b2"])
  }

  @Test func flattenedPropertiesAreReleasedWithTheRun() {
    weak var weakProperty: MutableProperty<Int>?
    let (outer, input) = Signal<MutableProperty<Int>, Never>.pipe()
    let run = outer.flatten(.latest).observeValues { _ in }
    do {
      let property = MutableProperty(1)
      weakProperty = property
      input.send(value: property)
    }
    run?.dispose()
    #expect(weakProperty == nil)
  }
}
