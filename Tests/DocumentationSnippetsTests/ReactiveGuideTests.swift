// SPDX-License-Identifier: Apache-2.0

// The examples of the WorkflowReactive landing page and guide
// (WorkflowReactive.docc/WorkflowReactive.md and ReactiveGuide.md). The articles quote them;
// change both together.

import Testing
import WorkflowReactive

/// An object whose observations stop when it goes away.
final class SearchScreenModel {
  let lifetime: Lifetime
  private let token: Lifetime.Token

  init() {
    (lifetime, token) = Lifetime.make()
  }
}

@Suite struct ReactiveGuideTests {
  @Test func aSignalDeliversOnlyToItsCurrentObservers() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var seen: [Int] = []
    input.send(value: 1)  // Nobody observes yet: this value is not kept for anyone.
    signal.observeValues { seen.append($0) }
    input.send(value: 2)
    input.sendCompleted()
    input.send(value: 3)  // After the terminal event: ignored.
    #expect(seen == [2])
  }

  @Test func aProducerRunsItsWorkAnewForEachStart() {
    var runs = 0
    let numbers = SignalProducer<Int, Never> { observer, _ in
      runs += 1
      observer.send(value: runs)
      observer.sendCompleted()
    }
    var seen: [Int] = []
    numbers.startWithValues { seen.append($0) }
    numbers.startWithValues { seen.append($0) }
    #expect(seen == [1, 2])
  }

  @Test func aPropertyHoldsAValueAndReportsEachChange() {
    let count = MutableProperty(0)
    let label = count.map { "\($0) items" }
    var seen: [String] = []
    label.producer.startWithValues { seen.append($0) }
    count.value = 2
    #expect(seen == ["0 items", "2 items"])
    #expect(label.value == "2 items")
  }
  @Test func operatorsReshapeWhatAStreamSends() {
    let scores = SignalProducer(values: 3, 8, 5, 10)
    var changes: [String] = []
    scores.combinePrevious().startWithValues { old, new in changes.append("\(old)->\(new)") }
    #expect(changes == ["3->8", "8->5", "5->10"])

    var rounds: [[Int]] = []
    scores.collect(count: 2).startWithValues { rounds.append($0) }
    #expect(rounds == [[3, 8], [5, 10]])

    var best: [Int] = []
    scores.reduce(0) { max($0, $1) }.startWithValues { best.append($0) }
    #expect(best == [10])

    var labelled: [String] = []
    scores.zip(with: SignalProducer(["a", "b", "c"]))
      .startWithValues { score, label in labelled.append("\(label)\(score)") }
    #expect(labelled == ["a3", "b8", "c5"])
  }

  @Test func aBindingKeepsAPropertyInStepWithAStream() {
    let count = MutableProperty(1)
    let label = MutableProperty("")
    label <~ count.producer.map { "\($0) items" }
    #expect(label.value == "1 items")
    count.value = 2
    #expect(label.value == "2 items")
  }

  @Test func aScriptedClockRunsWorkDueNowAtOnce() {
    let clock = TestScheduler(runsDueActionsImmediately: true)
    var log: [String] = []
    SignalProducer(value: "saved").delay(.zero, on: clock).startWithValues { log.append($0) }
    SignalProducer(value: "tick").delay(1.5, on: clock).startWithValues { log.append($0) }
    #expect(log == ["saved"])
    clock.advance(by: .seconds(2))
    #expect(log == ["saved", "tick"])
  }

  @Test func disposingARunInterruptsItAndEndsItsLifetime() {
    var log: [String] = []
    let ticks = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded { log.append("clean-up ran") }
      observer.send(value: 1)
    }
    let run = ticks.start { event in log.append("\(event)") }
    run.dispose()
    run.dispose()  // Disposal is idempotent.
    #expect(log == ["value 1", "interrupted", "clean-up ran"])
  }

  @Test func takeDuringStopsWhenTheOwnerGoesAway() {
    let (queries, input) = Signal<String, Never>.pipe()
    var model: SearchScreenModel? = SearchScreenModel()
    var seen: [String] = []
    queries.take(during: model!.lifetime).observeValues { seen.append($0) }
    input.send(value: "w")
    model = nil
    input.send(value: "wo")
    #expect(seen == ["w"])
  }

  @Test func debounceWaitsForQuietOnVirtualTime() {
    let scheduler = TestScheduler()
    let (queries, input) = Signal<String, Never>.pipe()
    var searched: [String] = []
    queries.debounce(.milliseconds(300), on: scheduler).observeValues { searched.append($0) }
    input.send(value: "w")
    input.send(value: "wo")
    scheduler.advance(by: .milliseconds(200))
    input.send(value: "wor")
    scheduler.advance(by: .milliseconds(299))
    #expect(searched == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(searched == ["wor"])
  }

  @Test func producersAndAsyncCodeConvertBothWays() async {
    let doubled = SignalProducer<Int, Never>([1, 2, 3]).map { $0 * 2 }
    var seen: [Int] = []
    for await value in doubled.values {
      seen.append(value)
    }
    #expect(seen == [2, 4, 6])

    let answer = SignalProducer<Int, Never> { () async -> Int in 42 }
    for await value in answer.values {
      seen.append(value)
    }
    #expect(seen == [2, 4, 6, 42])

    let stream = AsyncStream<Int> { continuation in
      continuation.yield(7)
      continuation.finish()
    }
    for await value in SignalProducer(stream).values {
      seen.append(value)
    }
    #expect(seen == [2, 4, 6, 42, 7])
  }
}
