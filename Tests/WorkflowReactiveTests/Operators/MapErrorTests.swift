// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct MapErrorTests {
  struct Wrapped: Error, Equatable {
    let inner: TestError
  }

  @Test func signalTransformsTheErrorAndPassesValues() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, Wrapped>()
    signal.mapError(Wrapped.init).observe(recorder.observer)

    input.send(value: 1)
    input.send(error: .boom)

    #expect(recorder.events == [.value(1), .failed(Wrapped(inner: .boom))])
  }

  @Test func signalPassesCompletion() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, Wrapped>()
    signal.mapError(Wrapped.init).observe(recorder.observer)

    input.sendCompleted()

    #expect(recorder.events == [.completed])
  }

  @Test func producerTransformsTheError() {
    let recorder = Recorder<Int, Wrapped>()
    SignalProducer<Int, TestError>(error: .other).mapError(Wrapped.init).start(recorder.observer)

    #expect(recorder.events == [.failed(Wrapped(inner: .other))])
  }

  @Test func producerPassesInterruption() {
    let probe = Probe<Int, TestError>()
    let recorder = Recorder<Int, Wrapped>()
    let disposable = probe.producer.mapError(Wrapped.init).start(recorder.observer)

    probe.input.send(value: 3)
    disposable.dispose()

    #expect(recorder.events == [.value(3), .interrupted])
  }
}
