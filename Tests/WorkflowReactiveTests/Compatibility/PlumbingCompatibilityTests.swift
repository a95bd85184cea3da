// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

/// The producer and signal plumbing that ReactiveSwift users write their own helpers with:
/// `ProducedSignal`, `lift`, `startWithSignal`, lifetimes and composite disposables.
@Suite struct PlumbingCompatibilityTests {
  // MARK: ProducedSignal and lift

  @Test func producedSignalIsTheSignalOfARun() {
    func observeRun<P: SignalProducerProtocol>(
      _ producer: P, _ body: (SignalProducer<P.Value, P.Error>.ProducedSignal) -> Void
    ) {
      producer.producer.startWithSignal { signal, _ in body(signal) }
    }
    var values: [Int] = []
    observeRun(SignalProducer<Int, Never>([1, 2])) { signal in
      signal.observeValues { values.append($0) }
    }
    #expect(values == [1, 2])
  }

  @Test func unaryLiftAppliesASignalOperatorToEveryRun() {
    let producer = SignalProducer<Int, Never>([1, 2, 3]).lift { $0.map { $0 * 10 } }
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    producer.start(first.observer)
    producer.start(second.observer)
    #expect(first.values == [10, 20, 30])
    #expect(second.values == [10, 20, 30])
    #expect(first.terminal == .completed)
  }

  @Test func disposingALiftedRunInterruptsTheUpstreamRun() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let disposable = probe.producer.lift { $0.filter { $0 > 0 } }.start(recorder.observer)
    probe.input.send(value: 1)
    #expect(probe.isRunning)
    disposable.dispose()
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
    #expect(recorder.events == [.value(1), .interrupted])
  }

  @Test func binaryLiftStartsBothProducersAndCombinesTheirSignals() {
    let letters = Probe<String, Never>()
    let numbers = Probe<Int, Never>()
    let combine = letters.producer.lift { (left: Signal<String, Never>) in
      { (right: Signal<Int, Never>) in left.combineLatest(with: right).map { "\($0)\($1)" } }
    }
    let recorder = Recorder<String, Never>()
    let disposable = combine(numbers.producer).start(recorder.observer)
    letters.input.send(value: "a")
    numbers.input.send(value: 1)
    letters.input.send(value: "b")
    #expect(recorder.values == ["a1", "b1"])
    disposable.dispose()
    #expect(!letters.isRunning && !numbers.isRunning)
  }

  @Test func binaryLiftStartsTheRightProducerFirst() {
    var started: [String] = []
    let left = SignalProducer<Int, Never> { observer, _ in
      started.append("left")
      observer.sendCompleted()
    }
    let right = SignalProducer<Int, Never> { observer, _ in
      started.append("right")
      observer.sendCompleted()
    }
    let merge = left.lift { (l: Signal<Int, Never>) in
      { (r: Signal<Int, Never>) in Signal.merge(l, r) }
    }
    merge(right).start()
    #expect(started == ["right", "left"])
  }

  // MARK: startWithSignal

  @Test func startWithSignalHandsOverTheSignalBeforeTheWorkStarts() {
    var values: [Int] = []
    let count = SignalProducer<Int, Never>([1, 2]).startWithSignal { signal, _ in
      signal.observeValues { values.append($0) }
      return values.count
    }
    #expect(count == 0)
    #expect(values == [1, 2])
  }

  @Test func disposingTheInterruptHandleInsideSetupStopsTheStart() {
    var didStart = false
    let producer = SignalProducer<Int, Never> { observer, _ in
      didStart = true
      observer.send(value: 1)
    }
    let recorder = Recorder<Int, Never>()
    producer.startWithSignal { signal, interruptHandle in
      signal.observe(recorder.observer)
      interruptHandle.dispose()
    }
    #expect(!didStart)
    #expect(recorder.events == [.interrupted])
  }

  @Test func disposingTheInterruptHandleLaterInterruptsTheRun() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let handle = probe.producer.startWithSignal { signal, interruptHandle in
      signal.observe(recorder.observer)
      return interruptHandle
    }
    probe.input.send(value: 1)
    handle.dispose()
    probe.input.send(value: 2)
    #expect(recorder.events == [.value(1), .interrupted])
    #expect(!probe.isRunning)
  }

  // MARK: Lifetime

  @Test func tokenMadeFirstEndsItsLifetimesWhenDeinitialized() {
    var token: Lifetime.Token? = Lifetime.Token()
    let lifetime = Lifetime(token!)
    let another = Lifetime(token!)
    var ended = 0
    lifetime.observeEnded { ended += 1 }
    another.observeEnded { ended += 1 }
    #expect(!lifetime.hasEnded)
    token = nil
    #expect(lifetime.hasEnded && another.hasEnded)
    #expect(ended == 2)
  }

  @Test func lifetimeDoesNotKeepItsTokenAlive() {
    var token: Lifetime.Token? = Lifetime.Token()
    weak let weakToken = token
    let lifetime = Lifetime(token!)
    token = nil
    #expect(weakToken == nil)
    #expect(lifetime.hasEnded)
  }

  @Test func endedSignalCompletesWhenTheLifetimeEnds() {
    let token = Lifetime.Token()
    let lifetime = Lifetime(token)
    let recorder = Recorder<Never, Never>()
    lifetime.ended.observe(recorder.observer)
    #expect(recorder.events.isEmpty)
    token.dispose()
    #expect(recorder.events == [.completed])
  }

  @Test func endedSignalOfAnEndedLifetimeInterruptsALateObserver() {
    let recorder = Recorder<Never, Never>()
    Lifetime.empty.ended.observe(recorder.observer)
    #expect(recorder.events == [.interrupted])
  }

  @Test func endedSignalObservedForCompletion() {
    let (lifetime, token) = Lifetime.make()
    var completed = false
    lifetime.ended.observeCompleted { completed = true }
    #expect(!completed)
    token.dispose()
    #expect(completed)
  }

  @Test func lifetimeAddReturnsAHandleThatRemovesTheDisposable() {
    let (lifetime, token) = Lifetime.make()
    let disposable = AnyDisposable()
    let handle = lifetime += disposable
    handle?.dispose()
    token.dispose()
    #expect(!disposable.isDisposed)
  }

  // MARK: CompositeDisposable

  @Test func compositeAddReturnsAHandleThatRemovesTheDisposable() {
    let composite = CompositeDisposable()
    let kept = AnyDisposable()
    let removed = AnyDisposable()
    composite += kept
    let handle = composite += removed
    var ranClosure = false
    let closureHandle = composite += { ranClosure = true }
    handle?.dispose()
    closureHandle?.dispose()
    composite.dispose()
    #expect(kept.isDisposed)
    #expect(!removed.isDisposed)
    #expect(!ranClosure)
  }

  @Test func compositeAddAfterDisposalDisposesAtOnceAndReturnsNil() {
    let composite = CompositeDisposable()
    composite.dispose()
    let late = AnyDisposable()
    let handle = composite += late
    #expect(handle == nil)
    #expect(late.isDisposed)
  }
}
