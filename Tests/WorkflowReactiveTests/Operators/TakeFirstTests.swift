// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct TakeFirstTests {
  @Test func signalForwardsTheFirstValuesThenCompletes() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.take(first: 2).observe(recorder.observer)

    for value in [1, 2, 3] { input.send(value: value) }

    #expect(recorder.events == [.value(1), .value(2), .completed])
  }

  @Test func signalWithZeroCountHasEndedBeforeAnyoneCanObserveIt() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let taken = signal.take(first: 0)
    let recorder = Recorder<Int, Never>()
    taken.observe(recorder.observer)

    input.send(value: 1)

    #expect(taken.core.isTerminated)
    // An observer added after the end receives `interrupted`, never a value.
    #expect(recorder.events == [.interrupted])
  }

  @Test func signalPassesFailureBeforeTheCount() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, TestError>()
    signal.take(first: 2).observe(recorder.observer)

    input.send(value: 1)
    input.send(error: .boom)

    #expect(recorder.events == [.value(1), .failed(.boom)])
  }

  @Test func signalStopsObservingTheUpstreamWhenDone() {
    let (signal, input) = Signal<Int, Never>.pipe()
    weak var takenCore: SignalCore<Int, Never>?
    do {
      let taken = signal.take(first: 1)
      takenCore = taken.core
      taken.observe { _ in }
    }
    #expect(takenCore != nil)

    input.send(value: 1)

    #expect(takenCore == nil)
  }

  @Test func producerStopsTheWorkAfterTheLastValue() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    probe.producer.take(first: 2).start(recorder.observer)

    probe.input.send(value: 1)
    #expect(probe.isRunning)
    probe.input.send(value: 2)

    #expect(recorder.events == [.value(1), .value(2), .completed])
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
  }

  @Test func producerStopsASynchronousLoopEarly() {
    var sent = 0
    var ended = false
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded { ended = true }
      for value in 0..<100 where !lifetime.hasEnded {
        sent += 1
        observer.send(value: value)
      }
      observer.sendCompleted()
    }
    let recorder = Recorder<Int, Never>()

    producer.take(first: 3).start(recorder.observer)

    #expect(recorder.events == [.value(0), .value(1), .value(2), .completed])
    #expect(sent == 3)
    #expect(ended)
  }

  @Test func producerWithZeroCountInterruptsWithoutStartingTheWork() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()

    probe.producer.take(first: 0).start(recorder.observer)

    #expect(recorder.events == [.interrupted])
    #expect(probe.startCount == 0)
  }

  @Test func producerDisposedFromInsideDeliveryStopsTheWork() {
    let probe = Probe<Int, Never>()
    var received: [Int] = []
    let disposable = SerialDisposable()
    disposable.inner = probe.producer.take(first: 3).startWithValues { value in
      received.append(value)
      // Re-entrant disposal while the value is being delivered.
      disposable.dispose()
    }

    probe.input.send(value: 1)
    probe.input.send(value: 2)

    #expect(received == [1])
    #expect(!probe.isRunning)
  }

  @Test func producerCountsPerRun() {
    let producer = SignalProducer<Int, Never>([1, 2, 3]).take(first: 2)

    var values: [Int] = []
    producer.startWithValues { values.append($0) }
    producer.startWithValues { values.append($0) }

    #expect(values == [1, 2, 1, 2])
  }
}
