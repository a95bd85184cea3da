// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct ThenTests {
  @Test func signalIgnoresValuesAndContinuesWithTheReplacement() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<String, TestError>()
    signal.then(SignalProducer<String, TestError>(values: "a", "b")).observe(recorder.observer)

    input.send(value: 1)
    input.sendCompleted()

    #expect(recorder.events == [.value("a"), .value("b"), .completed])
  }

  @Test func signalFailureSkipsTheReplacement() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let replacement = Probe<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    signal.then(replacement.producer).observe(recorder.observer)

    input.send(error: .boom)

    #expect(recorder.events == [.failed(.boom)])
    #expect(replacement.startCount == 0)
  }

  @Test func signalOfNeverContinuesWithAReplacementOfNever() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.then(SignalProducer<Int, Never>(value: 7)).observe(recorder.observer)

    input.sendCompleted()

    #expect(recorder.events == [.value(7), .completed])
  }

  @Test func producerStartsTheReplacementWhenTheFirstCompletes() {
    let first = Probe<Int, TestError>()
    let replacement = Probe<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    first.producer.then(replacement.producer).start(recorder.observer)

    first.input.send(value: 1)
    #expect(replacement.startCount == 0)
    first.input.sendCompleted()
    #expect(!first.isRunning)
    replacement.input.send(value: 2)
    replacement.input.sendCompleted()

    #expect(recorder.events == [.value(2), .completed])
  }

  @Test func producerInterruptionSkipsTheReplacement() {
    let first = Probe<Int, Never>()
    let replacement = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    first.producer.then(replacement.producer).start(recorder.observer)

    first.input.sendInterrupted()

    #expect(recorder.events == [.interrupted])
    #expect(replacement.startCount == 0)
  }

  @Test func producerAcceptsAReplacementThatCannotFail() {
    let recorder = Recorder<Int, TestError>()
    SignalProducer<Int, TestError>.empty.then(SignalProducer<Int, Never>(value: 3))
      .start(recorder.observer)

    #expect(recorder.events == [.value(3), .completed])
  }

  @Test func producerDisposalStopsTheReplacement() {
    let replacement = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let disposable = SignalProducer<Int, Never>.empty.then(replacement.producer)
      .start(recorder.observer)
    #expect(replacement.isRunning)

    disposable.dispose()

    #expect(recorder.events == [.interrupted])
    #expect(!replacement.isRunning)
    #expect(replacement.lastToken == nil)
  }
}
