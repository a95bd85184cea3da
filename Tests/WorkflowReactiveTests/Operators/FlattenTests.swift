// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct FlattenTests {
  // MARK: merge

  @Test func mergeRunsInnersTogetherAndCompletesAfterAll() {
    let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
    let first = Probe<Int, Never>()
    let second = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    outer.flatten(.merge).observe(recorder.observer)

    outerInput.send(value: first.producer)
    outerInput.send(value: second.producer)
    second.input.send(value: 2)
    first.input.send(value: 1)
    outerInput.sendCompleted()
    first.input.sendCompleted()
    #expect(!recorder.isTerminated)
    second.input.sendCompleted()

    #expect(recorder.events == [.value(2), .value(1), .completed])
  }

  @Test func mergeInnerFailureFailsAndDisposesTheOthers() {
    let (outer, outerInput) = Signal<Int, TestError>.pipe()
    let probes = [Probe<Int, TestError>(), Probe<Int, TestError>()]
    let recorder = Recorder<Int, TestError>()
    outer.flatMap(.merge) { probes[$0].producer }.observe(recorder.observer)

    outerInput.send(value: 0)
    outerInput.send(value: 1)
    probes[1].input.send(error: .boom)

    #expect(recorder.events == [.failed(.boom)])
    #expect(!probes[0].isRunning)
    #expect(probes[0].lastToken == nil)
  }

  // MARK: concat

  @Test func concatStartsEachInnerAfterThePreviousCompletes() {
    let first = Probe<Int, Never>()
    let second = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    SignalProducer<SignalProducer<Int, Never>, Never>([first.producer, second.producer])
      .flatten(.concat).start(recorder.observer)

    #expect(first.isRunning)
    #expect(second.startCount == 0)
    first.input.send(value: 1)
    first.input.sendCompleted()
    #expect(second.isRunning)
    second.input.send(value: 2)
    second.input.sendCompleted()

    #expect(recorder.events == [.value(1), .value(2), .completed])
  }

  @Test func concatOfManySynchronousInnersKeepsOrder() {
    var values: [Int] = []
    var completed = false
    SignalProducer<Int, Never>(0..<10_000)
      .flatMap(.concat) { SignalProducer<Int, Never>(values: $0, -$0) }
      .start { event in
        if case .value(let value) = event { values.append(value) }
        if case .completed = event { completed = true }
      }

    #expect(values.count == 20_000)
    #expect(values.prefix(4) == [0, 0, 1, -1])
    #expect(completed)
  }

  // MARK: latest

  @Test func latestDisposesThePreviousInnerAndIgnoresItsEvents() {
    let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
    let first = Probe<Int, Never>()
    let second = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    outer.flatten(.latest).observe(recorder.observer)

    outerInput.send(value: first.producer)
    first.input.send(value: 1)
    outerInput.send(value: second.producer)
    first.input.send(value: 9)
    second.input.send(value: 2)

    #expect(recorder.events == [.value(1), .value(2)])
    #expect(!first.isRunning)
    #expect(first.lastToken == nil)
  }

  @Test func latestCompletesWhenOuterAndCurrentInnerComplete() {
    let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
    let inner = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    outer.flatten(.latest).observe(recorder.observer)

    outerInput.send(value: inner.producer)
    outerInput.sendCompleted()
    #expect(!recorder.isTerminated)
    inner.input.sendCompleted()

    #expect(recorder.events == [.completed])
  }

  @Test func latestSwitchFromInsideAnInnerValueDelivery() {
    let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
    let first = Probe<Int, Never>()
    let second = Probe<Int, Never>()
    var values: [Int] = []
    outer.flatten(.latest).observeValues { value in
      values.append(value)
      // Re-entrant: the outer sends a new inner while the old inner is delivering.
      if value == 1 { outerInput.send(value: second.producer) }
    }

    outerInput.send(value: first.producer)
    first.input.send(value: 1)
    second.input.send(value: 2)

    #expect(values == [1, 2])
    #expect(!first.isRunning)
  }

  // MARK: Termination and disposal

  @Test func outerFailureDisposesTheInners() {
    let inner = Probe<Int, TestError>()
    let outer = Probe<SignalProducer<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    outer.producer.flatten(.merge).start(recorder.observer)

    outer.input.send(value: inner.producer)
    outer.input.send(error: .other)

    #expect(recorder.events == [.failed(.other)])
    #expect(!inner.isRunning)
  }

  @Test func innerInterruptionCountsAsItsCompletion() {
    let inner = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    SignalProducer<Int, Never>(value: 0).flatMap(.concat) { _ in inner.producer }
      .start(recorder.observer)

    inner.input.sendInterrupted()

    #expect(recorder.events == [.completed])
  }

  @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
  func disposalStopsTheOuterAndEveryInner(strategy: FlattenStrategy) {
    let outer = Probe<SignalProducer<Int, Never>, Never>()
    let first = Probe<Int, Never>()
    let second = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let disposable = outer.producer.flatten(strategy).start(recorder.observer)
    outer.input.send(value: first.producer)
    outer.input.send(value: second.producer)

    disposable.dispose()

    #expect(recorder.events == [.interrupted])
    #expect(outer.lastToken == nil)
    #expect(first.lastToken == nil)
    #expect(second.lastToken == nil)
    #expect(!first.isRunning && !second.isRunning)
  }

  @Test func takeFirstDownstreamStopsAnEndlessSynchronousOuter() {
    let numbers = SignalProducer<Int, Never> { observer, lifetime in
      var next = 0
      while !lifetime.hasEnded {
        observer.send(value: next)
        next += 1
      }
    }

    var values: [Int] = []
    numbers.flatMap(.merge) { SignalProducer<Int, Never>(value: $0 * 10) }
      .take(first: 3)
      .startWithValues { values.append($0) }

    #expect(values == [0, 10, 20])
  }

  @Test func producerStartsAFreshRunForEachStart() {
    let producer = SignalProducer<Int, TestError>([1, 2])
      .flatMap(.latest) { SignalProducer<Int, Never>(value: $0) }

    var values: [Int] = []
    producer.startWithValues { values.append($0) }
    producer.startWithValues { values.append($0) }

    #expect(values == [1, 2, 1, 2])
  }

  @Test func flattenOfSignalsObservesEachInnerSignal() {
    let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
    let (inner, innerInput) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    outer.flatten(.merge).observe(recorder.observer)

    outerInput.send(value: inner)
    innerInput.send(value: 5)
    outerInput.sendCompleted()
    innerInput.sendCompleted()

    #expect(recorder.events == [.value(5), .completed])
  }

  @Test func innerProducersThatCannotFailJoinAFailingOuter() {
    let recorder = Recorder<Int, TestError>()
    SignalProducer<Int, TestError>(values: 1, 2)
      .flatMap(.merge) { SignalProducer<Int, Never>(value: $0 * 2) }
      .start(recorder.observer)

    #expect(recorder.events == [.value(2), .value(4), .completed])
  }

  @Test func mergeSerializesInnersSendingFromSeveralThreads() async {
    let inners = (0..<4).map { _ in Signal<Int, Never>.pipe() }
    let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
    let total = Locked(0)
    let completed = Locked(false)
    outer.flatten(.merge).observe { event in
      switch event {
      case .value(let value): total.withLock { $0 += value }
      case .completed: completed.withLock { $0 = true }
      default: break
      }
    }
    for inner in inners { outerInput.send(value: inner.output) }
    outerInput.sendCompleted()

    await withTaskGroup(of: Void.self) { group in
      for inner in inners {
        let input = inner.input
        group.addTask {
          for _ in 0..<500 { input.send(value: 1) }
          input.sendCompleted()
        }
      }
    }

    #expect(total.current == 2000)
    #expect(completed.current)
  }
}
