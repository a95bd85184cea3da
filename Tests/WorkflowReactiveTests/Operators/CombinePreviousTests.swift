// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct CombinePreviousTests {
  let marbles = Marbles()

  /// `[ab]` for the pair ("a", "b"), so that one pair reads as one mark.
  private func joined<Error>(_ signal: Signal<(String, String), Error>) -> Signal<String, Error> {
    signal.map { "[" + $0 + $1 + "]" }
  }

  @Test func pairsEachValueWithTheInitialOrThePreviousOne() {
    let pairs = joined(marbles.signal("a-b-c|").combinePrevious("0"))
    #expect(marbles.record(pairs) == "[0a]-[ab]-[bc]|")
  }

  @Test func withoutInitialTheFirstValueIsOnlyRemembered() {
    let pairs = joined(marbles.signal("a-b-c|").combinePrevious())
    #expect(marbles.record(pairs) == "--[ab]-[bc]|")
  }

  @Test func terminalEventsPassThrough() {
    #expect(recorded { joined($0.signal("a#").combinePrevious()) } == "-#")
    #expect(recorded { joined($0.signal("a-!").combinePrevious("0")) } == "[0a]-!")
  }

  @Test func anOptionalInitialOfNilIsPairedWithTheFirstValue() {
    let (signal, input) = Signal<Int?, Never>.pipe()
    var pairs: [String] = []
    signal.combinePrevious(nil).observeValues { pairs.append("\($0 as Any)-\($1 as Any)") }
    input.send(value: 1)
    #expect(pairs == ["nil-Optional(1)"])
  }

  @Test func producerRunsStartFromTheInitialValue() {
    let producer = SignalProducer([1, 2]).combinePrevious(0)
    var pairs: [[Int]] = []
    producer.startWithValues { pairs.append([$0, $1]) }
    producer.startWithValues { pairs.append([$0, $1]) }
    #expect(pairs == [[0, 1], [1, 2], [0, 1], [1, 2]])
  }

  @Test func producerWithoutInitialOnVirtualTime() {
    let pairs = marbles.producer("a-b|").combinePrevious().map { "[" + $0 + $1 + "]" }
    #expect(marbles.record(pairs) == "--[ab]|")
  }

  @Test func disposingARunInterruptsItAndReleasesThePreviousValue() {
    let probe = Probe<Token, Never>()
    let recorder = Recorder<(Token, Token), Never>()
    let run = probe.producer.combinePrevious().start(recorder.observer)
    weak var previous: Token?
    do {
      let token = Token()
      previous = token
      probe.input.send(value: token)
    }
    #expect(previous != nil)

    run.dispose()

    #expect(previous == nil)
    #expect(recorder.events.count == 1)
    #expect(!probe.isRunning)
  }
}
