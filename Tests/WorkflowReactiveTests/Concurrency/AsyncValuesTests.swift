// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// A value that is not `Sendable`, to check that iteration needs no sendability.
private final class Box {
  let number: Int
  init(_ number: Int) { self.number = number }
}

@Suite(.timeLimit(.minutes(1))) struct AsyncValuesTests {
  @Test func signalValuesSentBeforeTheIterationBeginsAreKept() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    let values = signal.values
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    var received: [Int] = []
    for await value in values { received.append(value) }
    #expect(received == [1, 2])
  }

  @Test func signalValuesDropNothingSentFromAnotherThread() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    let values = signal.values
    let sender = Task.detached {
      for value in 0..<10_000 { input.send(value: value) }
      input.sendCompleted()
    }
    var received: [Int] = []
    for await value in values { received.append(value) }
    await sender.value
    #expect(received == Array(0..<10_000))
  }

  @Test func interruptionFinishesTheSequence() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    let values = signal.values
    input.send(value: 1)
    input.sendInterrupted()
    var received: [Int] = []
    for await value in values { received.append(value) }
    #expect(received == [1])
  }

  @Test func failureThrowsTheTypedErrorAfterTheBufferedValuesThenEnds() async throws {
    let (signal, input) = Signal<Int, TestError>.pipe()
    var iterator = signal.values.makeAsyncIterator()
    input.send(value: 1)
    input.send(error: TestError())
    #expect(try await iterator.next() == 1)
    await #expect(throws: TestError()) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func signalThatAlreadyEndedGivesAnEmptySequence() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.sendCompleted()
    var count = 0
    for await _ in signal.values { count += 1 }
    #expect(count == 0)
  }

  @Test func aWaitingTaskIsResumedByAValueFromAnotherThread() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    let values = signal.values
    let reader = Task {
      var received: [Int] = []
      for await value in values { received.append(value) }
      return received
    }
    // The reader may or may not be waiting by now; both paths must deliver.
    await Task.yield()
    input.send(value: 7)
    input.sendCompleted()
    #expect(await reader.value == [7])
  }

  @Test func bufferingNewestKeepsTheLatestValues() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    let values = signal.values(bufferingPolicy: .bufferingNewest(2))
    for value in 1...5 { input.send(value: value) }
    input.sendCompleted()
    var received: [Int] = []
    for await value in values { received.append(value) }
    #expect(received == [4, 5])
  }

  @Test func bufferingOldestKeepsTheFirstValues() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    let values = signal.values(bufferingPolicy: .bufferingOldest(2))
    for value in 1...5 { input.send(value: value) }
    input.sendCompleted()
    var received: [Int] = []
    for await value in values { received.append(value) }
    #expect(received == [1, 2])
  }

  @Test func cancellingTheIteratingTaskEndsTheIterationAndDisposesTheRun() async {
    let runEnded = Counter()
    let (started, startedInput) = AsyncStream<Void>.makeStream()
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded {
        withExtendedLifetime(observer) {}
        runEnded.increment()
      }
      observer.send(value: 1)
    }
    let reader = Task {
      var count = 0
      for await _ in producer.values {
        count += 1
        startedInput.yield()
      }
      return count
    }
    for await _ in started { break }
    reader.cancel()
    #expect(await reader.value == 1)
    #expect(runEnded.value == 1)
  }

  @Test func cancellingBeforeIteratingEndsAtOnce() async {
    let (signal, _) = Signal<Int, Never>.pipe()
    let values = signal.values
    let reader = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var count = 0
      for await _ in values { count += 1 }
      return count
    }
    #expect(await reader.value == 0)
  }

  @Test func releasingTheIteratorDisposesTheRun() async {
    let runEnded = Counter()
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded {
        withExtendedLifetime(observer) {}
        runEnded.increment()
      }
      observer.send(value: 1)
    }
    do {
      var iterator = producer.values.makeAsyncIterator()
      #expect(await iterator.next() == 1)
      #expect(runEnded.value == 0)
    }
    #expect(runEnded.value == 1)
  }

  @Test func releasingAnUnreadSignalSequenceStopsObserving() {
    withLeakTracking { leaks in
      let (signal, input) = Signal<Box, Never>.pipe()
      do {
        let values = signal.values
        _ = values
      }
      let box = Box(1)
      leaks.track(box, "value sent after the sequence was released")
      input.send(value: box)
    }
  }

  @Test func producerValuesStartARunPerIterator() async {
    let starts = Counter()
    let producer = SignalProducer<Int, Never> { observer, _ in
      observer.send(value: starts.increment())
      observer.sendCompleted()
    }
    let values = producer.values
    var received: [Int] = []
    for await value in values { received.append(value) }
    for await value in values { received.append(value) }
    #expect(received == [1, 2])
  }

  @Test func propertyValuesStartWithTheCurrentValueAndEndWhenThePropertyGoesAway() async {
    var property: MutableProperty<Int>? = MutableProperty(1)
    var iterator = property!.values.makeAsyncIterator()
    property!.value = 2
    property = nil
    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == [1, 2])
  }

  @MainActor @Test func nonSendableValuesCanBeIteratedOnAnActor() async {
    let (signal, input) = Signal<Box, Never>.pipe()
    let values = signal.values
    input.send(value: Box(3))
    input.sendCompleted()
    var numbers: [Int] = []
    for await box in values { numbers.append(box.number) }
    #expect(numbers == [3])
  }
}
