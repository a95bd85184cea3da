// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct SkipWhileTests {
  let marbles = Marbles()

  @Test func dropsValuesUntilThePredicateFailsThenForwardsEverything() {
    let skipped = marbles.signal("aabab|").skip(while: { $0 == "a" })
    #expect(marbles.record(skipped) == "--bab|")
  }

  @Test func stopsAskingOnceThePredicateHasFailed() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var asked: [Int] = []
    var values: [Int] = []
    signal.skip(while: { value in
      asked.append(value)
      return value < 2
    }).observeValues { values.append($0) }
    for value in [1, 2, 1, 3] { input.send(value: value) }
    #expect(asked == [1, 2])
    #expect(values == [2, 1, 3])
  }

  @Test func terminalEventsPassWhileSkipping() {
    #expect(recorded { $0.signal("a|").skip(while: { _ in true }) } == "-|")
    #expect(recorded { $0.signal("a#").skip(while: { _ in true }) } == "-#")
    #expect(recorded { $0.signal("a-!").skip(while: { _ in true }) } == "--!")
  }

  @Test func producerRunsSkipAgain() {
    let producer = SignalProducer([1, 2, 1]).skip(while: { $0 == 1 })
    var values: [Int] = []
    producer.startWithValues { values.append($0) }
    producer.startWithValues { values.append($0) }
    #expect(values == [2, 1, 2, 1])
  }

  @Test func producerOnVirtualTime() {
    #expect(marbles.record(marbles.producer("a-b-a|").skip(while: { $0 == "a" })) == "--b-a|")
  }

  @Test func disposingARunInterruptsItAndStopsTheWork() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let run = probe.producer.skip(while: { $0 < 2 }).start(recorder.observer)
    probe.input.send(value: 1)

    run.dispose()

    #expect(recorder.events.count == 1)
    #expect(recorder.terminal.map { "\($0)" } == "interrupted")
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
  }
}
