// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct SkipRepeatsTests {
  @Test func signalDropsConsecutiveEqualValues() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.skipRepeats().observe(recorder.observer)

    for value in [1, 1, 2, 2, 1] { input.send(value: value) }
    input.sendCompleted()

    #expect(recorder.events == [.value(1), .value(2), .value(1), .completed])
  }

  @Test func signalUsesTheEquivalenceWithThePreviousValueFirst() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    var comparisons: [[Int]] = []
    signal.skipRepeats { previous, next in
      comparisons.append([previous, next])
      return previous / 10 == next / 10
    }.observe(recorder.observer)

    for value in [11, 15, 23] { input.send(value: value) }

    #expect(recorder.values == [11, 23])
    #expect(comparisons == [[11, 15], [11, 23]])
  }

  @Test func producerRunsStartAfresh() {
    let producer = SignalProducer<Int, TestError>([1, 1, 2]).skipRepeats()
    let first = Recorder<Int, TestError>()
    let second = Recorder<Int, TestError>()

    producer.start(first.observer)
    producer.start(second.observer)

    #expect(first.events == [.value(1), .value(2), .completed])
    #expect(second.events == first.events)
  }

  @Test func producerPassesFailureThrough() {
    let probe = Probe<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    probe.producer.skipRepeats().start(recorder.observer)

    probe.input.send(value: 1)
    probe.input.send(error: .boom)

    #expect(recorder.events == [.value(1), .failed(.boom)])
    #expect(!probe.isRunning)
  }
}
