// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite(.timeLimit(.minutes(1))) struct SignalProducerAsyncTests {
  @Test func asyncSequenceElementsAreSentThenTheRunCompletes() async {
    let producer = SignalProducer(
      AsyncStream<Int> { continuation in
        for value in 1...3 { continuation.yield(value) }
        continuation.finish()
      })
    var received: [Int] = []
    for await value in producer.values { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test func throwingAsyncSequenceFailsTheRun() async {
    let stream = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: TestError())
    }
    let producer = SignalProducer(stream)
    var received: [Int] = []
    await #expect(throws: TestError()) {
      for try await value in producer.values { received.append(value) }
    }
    #expect(received == [1])
  }

  @Test func disposingTheRunCancelsTheIteratingTask() async {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let (terminated, terminatedInput) = AsyncStream<Void>.makeStream()
    continuation.onTermination = { _ in terminatedInput.finish() }
    let recorder = EventRecorder<Int, Never>()
    let disposable = SignalProducer(stream).start(recorder.observer)
    disposable.dispose()
    for await _ in terminated {}
    #expect(recorder.events == [.interrupted])
  }

  @Test func asyncOperationSendsItsResultThenCompletes() async {
    let producer = SignalProducer<Int, Never> {
      await Task.yield()
      return 42
    }
    var received: [Int] = []
    for await value in producer.values { received.append(value) }
    #expect(received == [42])
  }

  @Test func throwingAsyncOperationFailsWithTheTypedError() async {
    let producer = SignalProducer<Int, TestError> { () async throws(TestError) -> Int in
      await Task.yield()
      throw TestError()
    }
    await #expect(throws: TestError()) {
      for try await _ in producer.values {}
    }
  }

  @Test func disposingTheRunCancelsTheAsyncOperation() async {
    let (cancelled, cancelledInput) = AsyncStream<Bool>.makeStream()
    let (started, startedInput) = AsyncStream<Void>.makeStream()
    let recorder = EventRecorder<Int, Never>()
    let producer = SignalProducer<Int, Never> {
      startedInput.finish()
      try? await Task.sleep(for: .seconds(60))
      cancelledInput.yield(Task.isCancelled)
      return 1
    }
    let disposable = producer.start(recorder.observer)
    for await _ in started {}
    disposable.dispose()
    var wasCancelled = false
    for await flag in cancelled {
      wasCancelled = flag
      break
    }
    #expect(wasCancelled)
    #expect(recorder.events == [.interrupted])
  }

  @Test func aSynchronousClosureStillRunsSynchronously() {
    let recorder = EventRecorder<Int, Never>()
    SignalProducer<Int, Never> { 5 }.start(recorder.observer)
    #expect(recorder.events == [.value(5), .completed])
  }
}
