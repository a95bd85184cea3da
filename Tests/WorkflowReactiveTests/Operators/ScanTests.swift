// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct ScanTests {
  @Test func signalSendsEachAccumulationButNotTheInitialValue() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.scan(10) { $0 + $1 }.observe(recorder.observer)

    for value in [1, 2, 3] { input.send(value: value) }
    input.sendCompleted()

    #expect(recorder.events == [.value(11), .value(13), .value(16), .completed])
  }

  @Test func signalIntoFormUpdatesTheAccumulatorInPlace() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<[Int], TestError>()
    signal.scan(into: []) { $0.append($1) }.observe(recorder.observer)

    input.send(value: 1)
    input.send(value: 2)
    input.send(error: .boom)

    #expect(recorder.events == [.value([1]), .value([1, 2]), .failed(.boom)])
  }

  @Test func producerRunsStartFromTheInitialValue() {
    let producer = SignalProducer<Int, Never>([1, 2]).scan(0, +)
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()

    producer.start(first.observer)
    producer.start(second.observer)

    #expect(first.events == [.value(1), .value(3), .completed])
    #expect(second.events == first.events)
  }

  @Test func producerIntoFormRunsStartFromTheInitialValue() {
    let producer = SignalProducer<Int, Never>([1, 2]).scan(into: "") { $0 += "\($1)" }

    var results: [String] = []
    producer.startWithValues { results.append($0) }
    producer.startWithValues { results.append($0) }

    #expect(results == ["1", "12", "1", "12"])
  }

  @Test func producerPassesInterruptionThrough() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let disposable = probe.producer.scan(0, +).start(recorder.observer)

    probe.input.send(value: 2)
    disposable.dispose()

    #expect(recorder.events == [.value(2), .interrupted])
  }
}
