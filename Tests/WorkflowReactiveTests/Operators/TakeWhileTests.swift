// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct TakeWhileTests {
  let marbles = Marbles()

  @Test func forwardsValuesUntilThePredicateFailsThenCompletes() {
    let taken = marbles.signal("aab-a|").take(while: { $0 == "a" })
    #expect(marbles.record(taken) == "aa|")
  }

  @Test func terminalEventsPassWhileTaking() {
    #expect(recorded { $0.signal("a|").take(while: { _ in true }) } == "a|")
    #expect(recorded { $0.signal("a#").take(while: { _ in true }) } == "a#")
    #expect(recorded { $0.signal("a-!").take(while: { _ in true }) } == "a-!")
  }

  @Test func signalStopsObservingTheUpstreamWhenDone() {
    let (signal, input) = Signal<Int, Never>.pipe()
    weak var takenCore: SignalCore<Int, Never>?
    do {
      let taken = signal.take(while: { $0 < 2 })
      takenCore = taken.core
      taken.observe { _ in }
    }
    input.send(value: 1)
    #expect(takenCore != nil)

    input.send(value: 2)

    #expect(takenCore == nil)
  }

  @Test func producerStopsTheWorkAtTheFirstRejectedValue() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    probe.producer.take(while: { $0 < 3 }).start(recorder.observer)

    probe.input.send(value: 1)
    probe.input.send(value: 3)

    #expect(recorder.values == [1])
    #expect(recorder.terminal.map { "\($0)" } == "completed")
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
  }

  @Test func producerOnVirtualTime() {
    #expect(marbles.record(marbles.producer("a-a-b-a|").take(while: { $0 == "a" })) == "a-a-|")
  }

  @Test func disposingARunInterruptsItAndStopsTheWork() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let run = probe.producer.take(while: { _ in true }).start(recorder.observer)
    probe.input.send(value: 1)

    run.dispose()

    #expect(recorder.values == [1])
    #expect(recorder.terminal.map { "\($0)" } == "interrupted")
    #expect(!probe.isRunning)
  }
}
