// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct SkipFirstTests {
  let marbles = Marbles()

  @Test func dropsTheFirstValuesThenForwardsTheRest() {
    #expect(marbles.record(marbles.signal("abcd|").skip(first: 2)) == "--cd|")
  }

  @Test func terminalEventsPassBeforeTheCountIsReached() {
    #expect(recorded { $0.signal("a|").skip(first: 3) } == "-|")
    #expect(recorded { $0.signal("a#").skip(first: 3) } == "-#")
    #expect(recorded { $0.signal("a-!").skip(first: 3) } == "--!")
  }

  @Test func zeroReturnsTheSameSignal() {
    let signal = marbles.signal("a|")
    #expect(signal.skip(first: 0).core === signal.core)
  }

  @Test func producerRunsCountSeparately() {
    let producer = SignalProducer([1, 2, 3]).skip(first: 1)
    var values: [Int] = []
    producer.startWithValues { values.append($0) }
    producer.startWithValues { values.append($0) }
    #expect(values == [2, 3, 2, 3])
  }

  @Test func producerOnVirtualTime() {
    #expect(marbles.record(marbles.producer("a-b-c|").skip(first: 1)) == "--b-c|")
  }

  @Test func disposingARunInterruptsItAndStopsTheWork() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let run = probe.producer.skip(first: 1).start(recorder.observer)
    probe.input.send(value: 1)
    probe.input.send(value: 2)

    run.dispose()

    #expect(recorder.values == [2])
    #expect(recorder.terminal.map { "\($0)" } == "interrupted")
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
  }

  @Test func negativeCountTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = SignalProducer<Int, Never>.empty.skip(first: -1)
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "SignalProducer<Int, Never>.skip(first:) received a negative count -1; pass zero or "
            + "more."))
    }
  }
}
