// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct SignalProducerTests {
  @Test func eachStartRunsTheWorkAnew() {
    let starts = Counter()
    let producer = SignalProducer<Int, Never> { observer, _ in
      observer.send(value: starts.increment())
      observer.sendCompleted()
    }
    let first = EventRecorder<Int, Never>()
    let second = EventRecorder<Int, Never>()
    producer.start(first.observer)
    producer.start(second.observer)
    #expect(first.events == [.value(1), .completed])
    #expect(second.events == [.value(2), .completed])
  }

  @Test func runLifetimeEndsWhenTheRunTerminates() {
    var lifetime: Lifetime?
    let disposable = SignalProducer<Int, Never> { observer, runLifetime in
      lifetime = runLifetime
      observer.sendCompleted()
    }.start()
    #expect(lifetime?.hasEnded == true)
    #expect(disposable.isDisposed)
  }

  @Test func valueInitializersSendThenComplete() {
    let single = EventRecorder<Int, TestError>()
    let sequence = EventRecorder<Int, TestError>()
    let variadic = EventRecorder<Int, TestError>()
    let closure = EventRecorder<Int, TestError>()
    SignalProducer<Int, TestError>(value: 1).start(single.observer)
    SignalProducer<Int, TestError>([1, 2]).start(sequence.observer)
    SignalProducer<Int, TestError>(values: 1, 2, 3).start(variadic.observer)
    SignalProducer<Int, TestError> { 4 }.start(closure.observer)
    #expect(single.events == [.value(1), .completed])
    #expect(sequence.events == [.value(1), .value(2), .completed])
    #expect(variadic.values == [1, 2, 3])
    #expect(closure.events == [.value(4), .completed])
  }

  @Test func valueInitializersInferThatTheProducerCannotFail() {
    // No error type in sight: the `Error == Never` initializers are chosen.
    let single = SignalProducer(value: 1)
    let sequence = SignalProducer([1, 2])
    let variadic = SignalProducer(values: 1, 2, 3)
    let cannotFail: [SignalProducer<Int, Never>] = [single, sequence, variadic]
    var values: [Int] = []
    for producer in cannotFail { producer.startWithValues { values.append($0) } }
    #expect(values == [1, 1, 2, 1, 2, 3])
  }

  @Test func neverFailingSequenceProducerStopsWhenTheRunEnds() {
    var received: [Int] = []
    SignalProducer(1...5).startWithSignal { signal, interrupter -> Void in
      signal.observeValues { value in
        received.append(value)
        if value == 2 { interrupter.dispose() }
      }
    }
    #expect(received == [1, 2])
  }

  @Test func errorAndResultInitializers() {
    let failing = EventRecorder<Int, TestError>()
    let success = EventRecorder<Int, TestError>()
    let failure = EventRecorder<Int, TestError>()
    SignalProducer<Int, TestError>(error: TestError()).start(failing.observer)
    SignalProducer<Int, TestError>(result: .success(1)).start(success.observer)
    SignalProducer<Int, TestError>(result: .failure(TestError())).start(failure.observer)
    #expect(failing.events == [.failed(TestError())])
    #expect(success.events == [.value(1), .completed])
    #expect(failure.events == [.failed(TestError())])
  }

  @Test func sequenceProducerStopsWhenTheRunEnds() {
    var received: [Int] = []
    SignalProducer<Int, Never>(1...100).map { $0 }.startWithSignal { signal, interrupter -> Void in
      signal.observeValues { value in
        received.append(value)
        if value == 3 { interrupter.dispose() }
      }
    }
    #expect(received == [1, 2, 3])
  }

  @Test func emptyCompletesAndNeverWaitsForDisposal() {
    let empty = EventRecorder<Int, Never>()
    let never = EventRecorder<Int, Never>()
    SignalProducer<Int, Never>.empty.start(empty.observer)
    let disposable = SignalProducer<Int, Never>.never.start(never.observer)
    #expect(empty.events == [.completed])
    #expect(never.events.isEmpty)
    disposable.dispose()
    #expect(never.events == [.interrupted])
  }

  @Test func producerFromASignalForwardsEventsFromTheStart() {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.send(value: 1)
    let recorder = EventRecorder<Int, Never>()
    SignalProducer(signal).start(recorder.observer)
    input.send(value: 2)
    input.sendCompleted()
    #expect(recorder.events == [.value(2), .completed])
  }

  @Test func disposingAProducerFromASignalStopsObservingIt() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = EventRecorder<Int, Never>()
    let disposable = SignalProducer(signal).start(recorder.observer)
    disposable.dispose()
    input.send(value: 1)
    #expect(recorder.events == [.interrupted])
  }

  @Test func startHelpersSeeTheirKindOfEvent() {
    var values: [Int] = []
    var results: [Result<Int, TestError>] = []
    var failures = 0
    var completions = 0
    var interruptions = 0
    let failing = SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.send(error: TestError())
    }
    failing.startWithValues { values.append($0) }
    failing.startWithResult { results.append($0) }
    failing.startWithFailed { _ in failures += 1 }
    SignalProducer<Int, TestError>.empty.startWithCompleted { completions += 1 }
    SignalProducer<Int, TestError>.never.startWithInterrupted { interruptions += 1 }.dispose()
    #expect(values == [1])
    #expect(results == [.success(1), .failure(TestError())])
    #expect(failures == 1)
    #expect(completions == 1)
    #expect(interruptions == 1)
  }

  @Test func startWithSignalHandsOverTheSignalBeforeTheWorkStarts() {
    var received: [Int] = []
    let result = SignalProducer<Int, Never>(values: 1, 2).startWithSignal { signal, _ in
      signal.observeValues { received.append($0) }
      return "set up"
    }
    #expect(result == "set up")
    #expect(received == [1, 2])
  }

  @Test func mapAndFilterAreFusedIntoTheRun() {
    let recorder = EventRecorder<Int, Never>()
    SignalProducer<Int, Never>(1...5).map { $0 * 2 }.filter { $0 % 4 == 0 }
      .start(recorder.observer)
    #expect(recorder.events == [.value(4), .value(8), .completed])
  }
}
