// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct CompactMapTests {
  @Test func signalForwardsOnlyNonNilResults() {
    let (signal, input) = Signal<String, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.compactMap { Int($0) }.observe(recorder.observer)

    for text in ["1", "x", "3"] { input.send(value: text) }
    input.sendCompleted()

    #expect(recorder.events == [.value(1), .value(3), .completed])
  }

  @Test func signalPassesFailureThrough() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, TestError>()
    signal.compactMap { $0 }.observe(recorder.observer)

    input.send(error: .boom)

    #expect(recorder.events == [.failed(.boom)])
  }

  @Test func producerForwardsOnlyNonNilResults() {
    let recorder = Recorder<Int, Never>()
    SignalProducer<String, Never>(["1", "x", "3"]).compactMap { Int($0) }.start(recorder.observer)

    #expect(recorder.events == [.value(1), .value(3), .completed])
  }

  @Test func producerPassesInterruptionThrough() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let disposable = probe.producer.compactMap { $0 }.start(recorder.observer)

    disposable.dispose()

    #expect(recorder.events == [.interrupted])
    #expect(!probe.isRunning)
  }
}
