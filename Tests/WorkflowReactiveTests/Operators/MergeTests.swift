// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct MergeTests {
  @Test func signalForwardsValuesAndCompletesWhenAllComplete() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    Signal.merge(a, b).observe(recorder.observer)

    aInput.send(value: 1)
    bInput.send(value: 2)
    aInput.sendCompleted()
    bInput.send(value: 3)
    #expect(!recorder.isTerminated)
    bInput.sendCompleted()

    #expect(recorder.events == [.value(1), .value(2), .value(3), .completed])
  }

  @Test func signalFailsOnTheFirstFailureAndReleasesTheOthers() {
    let (a, aInput) = Signal<Int, TestError>.pipe()
    let (b, bInput) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, TestError>()
    weak var mergedCore: SignalCore<Int, TestError>?
    do {
      let merged = Signal.merge([a, b])
      mergedCore = merged.core
      merged.observe(recorder.observer)
    }

    bInput.send(error: .boom)
    aInput.send(value: 1)

    #expect(recorder.events == [.failed(.boom)])
    #expect(mergedCore == nil)
  }

  @Test func signalOfNoSignalsCompletesAtOnce() {
    let merged = Signal<Int, Never>.merge([])
    #expect(merged.core.isTerminated)
  }

  @Test func producerStartsAllAndCompletesWhenAllComplete() {
    let a = Probe<Int, TestError>()
    let b = Probe<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    SignalProducer.merge(a.producer, b.producer).start(recorder.observer)

    a.input.send(value: 1)
    b.input.send(value: 2)
    b.input.sendCompleted()
    #expect(!b.isRunning)
    a.input.sendCompleted()

    #expect(recorder.events == [.value(1), .value(2), .completed])
  }

  @Test func producerInterruptionOfOneDisposesTheOthers() {
    let a = Probe<Int, Never>()
    let b = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    SignalProducer.merge([a.producer, b.producer]).start(recorder.observer)

    a.input.sendInterrupted()

    #expect(recorder.events == [.interrupted])
    #expect(!b.isRunning)
    #expect(b.lastToken == nil)
  }

  @Test func producerFailureWhileStartingSkipsTheRest() {
    let later = Probe<Int, TestError>()
    let recorder = Recorder<Int, TestError>()

    SignalProducer.merge(SignalProducer(error: .boom), later.producer).start(recorder.observer)

    #expect(recorder.events == [.failed(.boom)])
    #expect(later.startCount == 0)
  }

  @Test func producerDisposalStopsAllInputs() {
    let a = Probe<Int, Never>()
    let b = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let disposable = SignalProducer.merge(a.producer, b.producer).start(recorder.observer)

    disposable.dispose()

    #expect(recorder.events == [.interrupted])
    #expect(a.lastToken == nil)
    #expect(b.lastToken == nil)
  }

  @Test func producerOfNoProducersCompletesAtOnce() {
    let recorder = Recorder<Int, Never>()
    SignalProducer<Int, Never>.merge([]).start(recorder.observer)
    #expect(recorder.events == [.completed])
  }

  @Test func producerSerializesInputsSendingFromSeveralThreads() async {
    let inputs = (0..<4).map { _ in Signal<Int, Never>.pipe() }
    let total = Locked(0)
    let completed = Locked(false)
    SignalProducer.merge(inputs.map { SignalProducer($0.output) }).start { event in
      switch event {
      case .value(let value): total.withLock { $0 += value }
      case .completed: completed.withLock { $0 = true }
      default: break
      }
    }

    await withTaskGroup(of: Void.self) { group in
      for pipe in inputs {
        let input = pipe.input
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
