// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct ReduceTests {
  let marbles = Marbles()

  @Test func sendsTheResultOnlyWhenTheSignalCompletes() {
    let reduced = marbles.signal("a-b-c|").reduce(">") { $0 + $1 }
    #expect(marbles.record(reduced) == "-----(>abc|)")
  }

  @Test func sendsTheInitialResultWhenNoValueCame() {
    #expect(marbles.record(marbles.signal("--|").reduce(">") { $0 + $1 }) == "--(>|)")
  }

  @Test func intoFormUpdatesTheResultInPlace() {
    let reduced = marbles.signal("ab|").reduce(into: "") { $0.append($1.uppercased()) }
    #expect(marbles.record(reduced) == "--(AB|)")
  }

  @Test func failureAndInterruptionSendNoResult() {
    #expect(recorded { $0.signal("a#").reduce("", +) } == "-#")
    #expect(recorded { $0.signal("a-!").reduce("", +) } == "--!")
  }

  @Test func producerRunsStartFromTheInitialResult() {
    let producer = SignalProducer([1, 2, 3]).reduce(10, +)
    var results: [Int] = []
    producer.startWithValues { results.append($0) }
    producer.startWithValues { results.append($0) }
    #expect(results == [16, 16])
  }

  @Test func disposingARunInterruptsItAndReleasesTheResult() {
    let probe = Probe<Token, Never>()
    let recorder = Recorder<[Token], Never>()
    let run = probe.producer.reduce(into: []) { $0.append($1) }.start(recorder.observer)
    weak var kept: Token?
    do {
      let token = Token()
      kept = token
      probe.input.send(value: token)
    }
    #expect(kept != nil)

    run.dispose()

    #expect(kept == nil)
    #expect(recorder.values.isEmpty)
    #expect(recorder.terminal.map { "\($0)" } == "interrupted")
    #expect(!probe.isRunning)
  }
}
