// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct CollectTests {
  let marbles = Marbles()

  /// `[ab]` for an array of "a" and "b", so that one array reads as one mark.
  private func bracketed<Error>(_ signal: Signal<[String], Error>) -> Signal<String, Error> {
    signal.map { "[" + $0.joined() + "]" }
  }

  @Test func sendsEveryValueAsOneArrayOnCompletion() {
    let collected = bracketed(marbles.signal("a-b-c|").collect())
    #expect(marbles.record(collected) == "-----([abc]|)")
  }

  @Test func sendsAnEmptyArrayWhenNoValueCame() {
    #expect(marbles.record(bracketed(marbles.signal("--|").collect())) == "--([]|)")
  }

  @Test func failureAndInterruptionDropWhatWasCollected() {
    #expect(recorded { bracketed($0.signal("ab#").collect()) } == "--#")
    #expect(recorded { bracketed($0.signal("ab-!").collect()) } == "---!")
  }

  @Test func countSendsFullArraysThenTheRemainder() {
    let collected = bracketed(marbles.signal("abcde|").collect(count: 2))
    #expect(marbles.record(collected) == "-[ab]-[cd]-([e]|)")
  }

  @Test func countSendsNoEmptyRemainderAfterFullArrays() {
    #expect(marbles.record(bracketed(marbles.signal("ab|").collect(count: 2))) == "-[ab]|")
  }

  @Test func predicateOnTheArraySendsWhenItApproves() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var arrays: [[Int]] = []
    signal.collect { values in values.reduce(0, +) >= 8 }.observeValues { arrays.append($0) }
    for value in [1, 3, 4, 7, 1, 5, 6] { input.send(value: value) }
    input.sendCompleted()
    #expect(arrays == [[1, 3, 4], [7, 1], [5, 6]])
  }

  @Test func predicateOnTheArrayAndTheNewestValueStartsTheNextArrayWithIt() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var arrays: [[Int]] = []
    signal.collect { collected, latest in collected.reduce(0, +) + latest > 8 }
      .observeValues { arrays.append($0) }
    for value in [1, 3, 4, 7, 1, 5, 6] { input.send(value: value) }
    input.sendCompleted()
    #expect(arrays == [[1, 3, 4], [7, 1], [5], [6]])
  }

  @Test func producerRunsCollectSeparately() {
    let producer = SignalProducer([1, 2, 3]).collect(count: 2)
    var arrays: [[Int]] = []
    producer.startWithValues { arrays.append($0) }
    producer.startWithValues { arrays.append($0) }
    #expect(arrays == [[1, 2], [3], [1, 2], [3]])
  }

  @Test func producerCollectsOnVirtualTime() {
    let collected = marbles.producer("a-b|").collect().map { "[" + $0.joined() + "]" }
    #expect(marbles.record(collected) == "---([ab]|)")
  }

  @Test func disposingARunInterruptsItAndReleasesTheCollectedValues() {
    let probe = Probe<Token, Never>()
    let recorder = Recorder<[Token], Never>()
    let run = probe.producer.collect().start(recorder.observer)
    weak var collected: Token?
    do {
      let token = Token()
      collected = token
      probe.input.send(value: token)
    }
    #expect(collected != nil)

    run.dispose()

    #expect(collected == nil)
    #expect(recorder.events.count == 1)
    #expect(recorder.terminal.map { "\($0)" } == "interrupted")
    #expect(!probe.isRunning)
  }

  @Test func negativeOrZeroCountTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.collect(count: 0)
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "Signal<Int, Never>.collect(count:) received the count 0; pass one or more."))
    }
  }
}
