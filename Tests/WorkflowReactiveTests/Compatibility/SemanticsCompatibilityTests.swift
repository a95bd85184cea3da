// SPDX-License-Identifier: Apache-2.0

import Dispatch
import TestSupport
import Testing
import WorkflowReactive

/// Behaviours that ported ReactiveSwift code relies on silently, pinned as ReactiveSwift 7 has
/// them.
@Suite struct SemanticsCompatibilityTests {
  // MARK: A run lives until it terminates or is disposed

  @Test func runWhoseStartHandlerKeepsNothingLivesUntilDisposed() {
    var runEnded = false
    let producer = SignalProducer<Int, Never> { _, lifetime in
      lifetime.observeEnded { runEnded = true }
    }
    let recorder = Recorder<Int, Never>()
    let disposable = producer.start(recorder.observer)
    #expect(recorder.events.isEmpty)
    #expect(!runEnded)
    disposable.dispose()
    #expect(recorder.events == [.interrupted])
    #expect(runEnded)
  }

  @Test func runIsInterruptedOnceItsDisposableAndObserverAreReleased() {
    let recorder = Recorder<Int, Never>()
    var disposable: (any Disposable)? = SignalProducer<Int, Never> { _, _ in }
      .start(recorder.observer)
    #expect(recorder.events.isEmpty)
    disposable = nil
    #expect(recorder.events == [.interrupted])
    _ = disposable
  }

  @Test func runOfALiftedProducerLivesUntilDisposed() {
    let recorder = Recorder<Int, Never>()
    let disposable = SignalProducer<Int, Never> { _, _ in }
      .map { $0 + 1 }
      .observe(on: ImmediateScheduler())
      .start(recorder.observer)
    #expect(recorder.events.isEmpty)
    disposable.dispose()
    #expect(recorder.events == [.interrupted])
  }

  @Test func runWhoseStartHandlerKeepsOnlyItsLifetimeSendsLater() {
    let scheduler = TestScheduler()
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      lifetime += scheduler.schedule {
        observer.send(value: 1)
        observer.sendCompleted()
      }
    }
    let recorder = Recorder<Int, Never>()
    producer.start(recorder.observer)
    scheduler.run()
    #expect(recorder.events == [.value(1), .completed])
  }

  @Test func runIsReleasedOnceItTerminates() {
    weak var weakToken: Token?
    let (signal, input) = Signal<Int, Never>.pipe()
    let disposable: any Disposable = {
      let token = Token()
      weakToken = token
      return SignalProducer<Int, Never> { observer, lifetime in
        lifetime.observeEnded { withExtendedLifetime(token) {} }
        lifetime += signal.observe(observer)
      }.start()
    }()
    #expect(weakToken != nil)
    input.sendCompleted()
    #expect(weakToken == nil)
    withExtendedLifetime(disposable) {}
  }

  // MARK: Flatten when the outer stream completes

  @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
  func innerProducersOutliveTheOuterCompletion(_ strategy: FlattenStrategy) {
    let inner = Probe<Int, Never>()
    let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    outer.flatten(strategy).observe(recorder.observer)
    outerInput.send(value: inner.producer)
    outerInput.sendCompleted()
    #expect(inner.isRunning)
    inner.input.send(value: 1)
    #expect(recorder.events == [.value(1)])
    inner.input.sendCompleted()
    #expect(recorder.events == [.value(1), .completed])
    #expect(!inner.isRunning)
  }

  @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
  func innerProducersOfAProducerOutliveTheOuterCompletion(_ strategy: FlattenStrategy) {
    let inner = Probe<Int, Never>()
    let outer = SignalProducer<SignalProducer<Int, Never>, Never>(value: inner.producer)
    let recorder = Recorder<Int, Never>()
    outer.flatten(strategy).start(recorder.observer)
    #expect(inner.isRunning)
    inner.input.send(value: 1)
    inner.input.sendCompleted()
    #expect(recorder.events == [.value(1), .completed])
  }

  // MARK: observe(on:)

  @Test func disposingARunObservedOnASchedulerInterruptsThroughTheScheduler() {
    let scheduler = TestScheduler()
    let recorder = Recorder<Int, Never>()
    let disposable = SignalProducer<Int, Never>(0..<128).observe(on: scheduler)
      .start(recorder.observer)
    disposable.dispose()
    #expect(recorder.events.isEmpty)
    scheduler.run()
    // The values queued before the disposal are dropped; the interruption arrives on the
    // scheduler.
    #expect(recorder.events == [.interrupted])
  }

  @Test func interruptionThroughTheSchedulerRunsOnItsQueue() async {
    let scheduler = QueueScheduler(name: "compat.observe-on")
    let key = DispatchSpecificKey<Int>()
    scheduler.queue.setSpecific(key: key, value: 1)
    let producer = SignalProducer<Int, Never>.never.observe(on: scheduler)
    let onQueue = await withCheckedContinuation { continuation in
      let disposable = producer.startWithInterrupted {
        continuation.resume(returning: DispatchQueue.getSpecific(key: key) == 1)
      }
      disposable.dispose()
    }
    #expect(onQueue)
  }

  // MARK: take(first: 0)

  @Test func takingNoValueFromASignalInterrupts() {
    let (signal, _) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.take(first: 0).observe(recorder.observer)
    #expect(recorder.events == [.interrupted])
  }

  @Test func takingNoValueFromAProducerInterruptsWithoutStartingIt() {
    var didStart = false
    let producer = SignalProducer<Int, Never> { observer, _ in
      didStart = true
      observer.send(value: 1)
    }
    let recorder = Recorder<Int, Never>()
    producer.take(first: 0).start(recorder.observer)
    #expect(recorder.events == [.interrupted])
    #expect(!didStart)
  }

  // MARK: debounce

  @Test func debounceKeepingTheLastValueSendsItWhenItsIntervalEnds() {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.debounce(1, on: scheduler, discardWhenCompleted: false).observe(recorder.observer)
    input.send(value: 1)
    scheduler.advance(by: .milliseconds(500))
    input.sendCompleted()
    scheduler.advance(by: .milliseconds(499))
    #expect(recorder.events.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.value(1), .completed])
  }

  @Test func debounceCompletingWithNothingWaitingCompletesAtOnce() {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.debounce(1, on: scheduler, discardWhenCompleted: false).observe(recorder.observer)
    input.sendCompleted()
    scheduler.advance()
    #expect(recorder.events == [.completed])
  }

  // MARK: A signal nobody observes or holds is disposed

  @Test func signalWithoutObserversIsDisposedWhenItsLastCopyGoesAway() {
    var isDisposed = false
    var input: Signal<Int, Never>.Observer?
    do {
      let signal = Signal<Int, Never> { observer, lifetime in
        input = observer
        lifetime.observeEnded { isDisposed = true }
      }
      let copy = signal
      _ = copy
      #expect(!isDisposed)
    }
    #expect(isDisposed)
    #expect(input != nil)
  }

  @Test func unreachableChainStopsRunningItsOperators() {
    let (source, input) = Signal<Int, Never>.pipe()
    var mapped = 0
    func chain() {
      _ = source.map { value -> Int in
        mapped += 1
        return value
      }.map { $0 + 1 }
    }
    chain()
    input.send(value: 1)
    #expect(mapped == 0)
  }

  @Test func observedChainRunsUntilItsObserverIsDisposedThenStops() {
    let (source, input) = Signal<Int, Never>.pipe()
    var mapped = 0
    var lifetimeEnded = false
    let disposable = source.map { value -> Int in
      mapped += 1
      return value
    }
    .on(disposed: { lifetimeEnded = true })
    .observeValues { _ in }
    input.send(value: 1)
    #expect(mapped == 1)
    disposable?.dispose()
    #expect(lifetimeEnded)
    input.send(value: 2)
    #expect(mapped == 1)
  }

  @Test func heldSignalWithoutObserversKeepsRunning() {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.send(value: 1)
    let recorder = Recorder<Int, Never>()
    signal.observe(recorder.observer)
    input.send(value: 2)
    #expect(recorder.values == [2])
  }

  @Test func startWithSignalWhoseSignalIsNeitherObservedNorKeptDoesNotStartTheWork() {
    var didStart = false
    SignalProducer<Int, Never> { _, _ in didStart = true }.startWithSignal { _, _ in }
    #expect(!didStart)
  }

  // MARK: The start handler as a trailing closure

  @Test func trailingClosureWithObserverAndLifetimeIsTheSynchronousInitializer() {
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      guard !lifetime.hasEnded else { return }
      observer.send(value: 1)
      observer.sendCompleted()
    }
    var values: [Int] = []
    producer.startWithValues { values.append($0) }
    // Sent before start returned: no task was involved.
    #expect(values == [1])
  }

  @Test func trailingClosureWhoseTypeComesFromTheContextIsTheSynchronousInitializer() {
    func numbers() -> SignalProducer<Int, Never> {
      SignalProducer { observer, _ in
        observer.send(value: 5)
        observer.sendCompleted()
      }
    }
    let typed: SignalProducer<String, Never> = SignalProducer { observer, lifetime in
      lifetime.observeEnded {}
      observer.send(value: "x")
    }
    var values: [String] = []
    numbers().startWithValues { values.append("\($0)") }
    typed.startWithValues { values.append($0) }
    #expect(values == ["5", "x"])
  }

  @Test func trailingClosureWithAnErrorTypeIsTheSynchronousInitializer() {
    let producer = SignalProducer<String, TestError> { observer, _ in
      observer.send(value: "a")
      observer.send(error: .boom)
    }
    let recorder = Recorder<String, TestError>()
    producer.start(recorder.observer)
    #expect(recorder.events == [.value("a"), .failed(.boom)])
  }
}
