// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct SkipNilTests {
  @Test func signalUnwrapsAndDropsNil() {
    let (signal, input) = Signal<Int?, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.skipNil().observe(recorder.observer)

    input.send(value: 1)
    input.send(value: nil)
    input.send(value: 2)
    input.sendCompleted()

    #expect(recorder.events == [.value(1), .value(2), .completed])
  }

  @Test func producerUnwrapsAndDropsNil() {
    let recorder = Recorder<Int, TestError>()
    SignalProducer<Int?, TestError>([nil, 1, nil]).skipNil().start(recorder.observer)

    #expect(recorder.events == [.value(1), .completed])
  }

  @Test func producerPassesFailureThrough() {
    let recorder = Recorder<Int, TestError>()
    SignalProducer<Int?, TestError>(error: .boom).skipNil().start(recorder.observer)

    #expect(recorder.events == [.failed(.boom)])
  }
}
