// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct MaterializeTests {
  let marbles = Marbles()

  /// One mark per carried event: `v`+value, `C` completed, `F` failed, `I` interrupted.
  private func marks(_ signal: Signal<Signal<String, MarbleError>.Event, Never>)
    -> Signal<String, Never>
  {
    signal.map { event in
      switch event {
      case .value(let value): "v\(value)"
      case .completed: "C"
      case .failed: "F"
      case .interrupted: "I"
      }
    }
  }

  @Test func sendsValuesAndTheCompletionAsValuesThenCompletes() {
    #expect(marbles.record(marks(marbles.signal("a-b|").materialize())) == "va-vb(C|)")
  }

  @Test func aFailureBecomesAValueFollowedByCompletion() {
    #expect(marbles.record(marks(marbles.signal("a#").materialize())) == "va(F|)")
  }

  @Test func anInterruptionBecomesAValueFollowedByInterruption() {
    #expect(marbles.record(marks(marbles.signal("a-!").materialize())) == "va-(I!)")
  }

  @Test func producerRunsMaterializeEachTime() {
    let producer = SignalProducer<Int, TestError>(error: .boom).materialize()
    var events: [Signal<Int, TestError>.Event] = []
    producer.startWithValues { events.append($0) }
    producer.startWithValues { events.append($0) }
    #expect(events == [.failed(.boom), .failed(.boom)])
  }

  @Test func disposingARunInterruptsItAndStopsTheWork() {
    let probe = Probe<Int, TestError>()
    let recorder = Recorder<Signal<Int, TestError>.Event, Never>()
    let run = probe.producer.materialize().start(recorder.observer)
    probe.input.send(value: 1)

    run.dispose()

    // The interruption of the work is an event like any other: it is sent as a value too.
    #expect(recorder.values == [.value(1), .interrupted])
    #expect(recorder.terminal.map { "\($0)" } == "interrupted")
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
  }
}

@Suite struct DematerializeTests {
  let marbles = Marbles()

  @Test func undoesMaterialize() {
    #expect(recorded { $0.signal("a-b|").materialize().dematerialize() } == "a-b|")
    #expect(recorded { $0.signal("a#").materialize().dematerialize() } == "a#")
    #expect(recorded { $0.signal("a-!").materialize().dematerialize() } == "a-!")
  }

  @Test func aCarriedTerminalEventEndsTheSignalAndLaterValuesAreDropped() {
    let (signal, input) = Signal<Signal<Int, TestError>.Event, Never>.pipe()
    let recorder = Recorder<Int, TestError>()
    signal.dematerialize().observe(recorder.observer)
    input.send(value: .value(1))
    input.send(value: .failed(.boom))
    input.send(value: .value(2))
    #expect(recorder.events == [.value(1), .failed(.boom)])
  }

  @Test func theOuterSignalsOwnEndEndsTheResult() {
    let (signal, input) = Signal<Signal<Int, TestError>.Event, Never>.pipe()
    let recorder = Recorder<Int, TestError>()
    signal.dematerialize().observe(recorder.observer)
    input.send(value: .value(1))
    input.sendInterrupted()
    #expect(recorder.events == [.value(1), .interrupted])
  }

  @Test func producerStopsTheWorkWhenACarriedEventEndsTheRun() {
    let probe = Probe<Signal<Int, TestError>.Event, Never>()
    let recorder = Recorder<Int, TestError>()
    probe.producer.dematerialize().start(recorder.observer)

    probe.input.send(value: .value(1))
    probe.input.send(value: .completed)

    #expect(recorder.events == [.value(1), .completed])
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
  }

  @Test func producerOnVirtualTime() {
    let round = marbles.producer("a-b#").materialize().dematerialize()
    #expect(marbles.record(round) == "a-b#")
  }
}
