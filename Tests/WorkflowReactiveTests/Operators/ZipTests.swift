// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct ZipTests {
  let marbles = Marbles()

  /// `[ax]` for the pair ("a", "x"), so that one pair reads as one mark.
  private func joined<Error>(_ signal: Signal<(String, String), Error>) -> Signal<String, Error> {
    signal.map { "[" + $0 + $1 + "]" }
  }

  @Test func pairsTheNthValuesOfBothSignals() {
    let zipped = marbles.signal("ab---c|").zip(with: marbles.signal("--x-yz|"))
    #expect(marbles.record(joined(zipped)) == "--[ax]-[by][cz]|")
  }

  @Test func completesWhenACompletedInputHasNothingLeftWaiting() {
    // The first input completes with "b" and "c" waiting: the zip ends once both are paired.
    let zipped = marbles.signal("abc|").zip(with: marbles.signal("--x-y-z-w|"))
    #expect(marbles.record(joined(zipped)) == "--[ax]-[by]-([cz]|)")
  }

  @Test func completesAtOnceWhenAnInputCompletesWithNothingWaiting() {
    let zipped = marbles.signal("a--|").zip(with: marbles.signal("-x-y|"))
    #expect(marbles.record(joined(zipped)) == "-[ax]-|")
  }

  @Test func failsOrIsInterruptedAsSoonAsEitherInputIs() {
    #expect(recorded { joined($0.signal("ab#").zip(with: $0.signal("x"))) } == "[ax]-#")
    #expect(recorded { joined($0.signal("ab").zip(with: $0.signal("x-!"))) } == "[ax]-!")
  }

  @Test func staticFormMatchesTheMethod() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<String, Never>.pipe()
    var pairs: [String] = []
    Signal.zip(a, b).observeValues { pairs.append("\($0)\($1)") }
    aInput.send(value: 1)
    aInput.send(value: 2)
    bInput.send(value: "x")
    bInput.send(value: "y")
    #expect(pairs == ["1x", "2y"])
  }

  @Test func completionReleasesTheWaitingValuesAndTheInputs() {
    let (a, aInput) = Signal<Token, Never>.pipe()
    let (b, bInput) = Signal<Token, Never>.pipe()
    weak var waiting: Token?
    weak var zippedCore: SignalCore<(Token, Token), Never>?
    var isCompleted = false
    do {
      let zipped = a.zip(with: b)
      zippedCore = zipped.core
      zipped.observeCompleted { isCompleted = true }
    }
    do {
      let token = Token()
      waiting = token
      aInput.send(value: token)
      aInput.send(value: Token())
    }
    #expect(waiting != nil)

    bInput.sendCompleted()

    #expect(isCompleted)
    #expect(waiting == nil)
    #expect(zippedCore == nil)
  }

  @Test func producerPairsRunsAndStopsTheOtherWhenOneCompletes() {
    let first = Probe<Int, Never>()
    let second = Probe<String, Never>()
    var pairs: [String] = []
    var completed = false
    first.producer.zip(with: second.producer).start { event in
      switch event {
      case .value(let (number, letter)): pairs.append("\(number)\(letter)")
      case .completed: completed = true
      default: break
      }
    }
    first.input.send(value: 1)
    second.input.send(value: "x")
    second.input.sendCompleted()

    #expect(pairs == ["1x"])
    #expect(completed)
    #expect(!first.isRunning)
    #expect(first.lastToken == nil)
  }

  @Test func producerWithASignalObservesItFromTheStart() {
    let (signal, input) = Signal<String, Never>.pipe()
    var pairs: [String] = []
    input.send(value: "early")
    SignalProducer(values: 1, 2).zip(with: signal).startWithValues { pairs.append("\($0)\($1)") }
    input.send(value: "x")
    input.send(value: "y")
    #expect(pairs == ["1x", "2y"])
  }

  @Test func producerOnVirtualTime() {
    let zipped = marbles.producer("a-b|").zip(with: marbles.producer("xy|"))
      .map { "[" + $0 + $1 + "]" }
    #expect(marbles.record(zipped) == "[ax]-([by]|)")
  }

  @Test func disposingARunInterruptsItAndStopsBothInputs() {
    let first = Probe<Int, Never>()
    let second = Probe<Int, Never>()
    let recorder = Recorder<(Int, Int), Never>()
    let run = first.producer.zip(with: second.producer).start(recorder.observer)
    first.input.send(value: 1)

    run.dispose()

    #expect(recorder.events.count == 1)
    #expect(recorder.terminal.map { "\($0)" } == "interrupted")
    #expect(!first.isRunning)
    #expect(!second.isRunning)
  }
}
