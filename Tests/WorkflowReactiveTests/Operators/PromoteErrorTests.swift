// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct PromoteErrorTests {
  @Test func signalPassesEventsWithTheNewErrorType() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, TestError>()
    signal.promoteError(TestError.self).observe(recorder.observer)

    input.send(value: 1)
    input.sendCompleted()

    #expect(recorder.events == [.value(1), .completed])
  }

  @Test func signalInfersTheErrorType() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let promoted: Signal<Int, TestError> = signal.promoteError()
    let recorder = Recorder<Int, TestError>()
    promoted.observe(recorder.observer)

    input.sendInterrupted()

    #expect(recorder.events == [.interrupted])
  }

  @Test func producerComposesWithAFailingProducer() {
    let recorder = Recorder<Int, TestError>()
    SignalProducer<Int, Never>(value: 1).promoteError()
      .then(SignalProducer<Int, TestError>(error: .boom))
      .start(recorder.observer)

    #expect(recorder.events == [.failed(.boom)])
  }

  @Test func producerPassesValuesAndCompletion() {
    let recorder = Recorder<Int, TestError>()
    SignalProducer<Int, Never>([1, 2]).promoteError(TestError.self).start(recorder.observer)

    #expect(recorder.events == [.value(1), .value(2), .completed])
  }
}
