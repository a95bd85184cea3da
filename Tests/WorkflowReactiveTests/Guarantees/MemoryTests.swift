// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// An object whose only purpose is to be watched going away.
private final class Canary {}

/// Holds what a producer's start handler hands out, so the test can drive and drop it.
private final class RunHandle {
  var observer: Signal<Int, TestError>.Observer?
}

enum SignalEnding: CaseIterable, Sendable {
  case completed, failed, interrupted, observerDisposed, inputReleased
}

enum ProducerEnding: CaseIterable, Sendable {
  case completed, failed, interrupted, disposed, observerReleased
}

/// Nothing a signal, producer or property holds outlives the stream, however it ends.
@Suite struct MemoryTests {
  @Test(arguments: SignalEnding.allCases)
  func signalReleasesItsObserversWhenItEnds(_ ending: SignalEnding) {
    weak var weakCore: AnyObject?
    weak var weakObserver: Signal<Int, TestError>.Observer?
    weak var weakCaptured: Canary?
    var input: Signal<Int, TestError>.Observer?
    var disposable: (any Disposable)?
    do {
      let pipe = Signal<Int, TestError>.pipe()
      input = pipe.input
      weakCore = pipe.output.core
      let captured = Canary()
      weakCaptured = captured
      let observer = Signal<Int, TestError>.Observer { _ in withExtendedLifetime(captured) {} }
      weakObserver = observer
      disposable = pipe.output.observe(observer)
      input!.send(value: 1)
    }
    #expect(weakObserver != nil)
    switch ending {
    case .completed: input!.sendCompleted()
    case .failed: input!.send(error: TestError())
    case .interrupted: input!.sendInterrupted()
    case .observerDisposed: disposable!.dispose()
    case .inputReleased: input = nil
    }
    #expect(weakObserver == nil, "observer kept after \(ending)")
    #expect(weakCaptured == nil, "observer's captures kept after \(ending)")
    disposable = nil
    input = nil
    #expect(weakCore == nil, "signal core kept after \(ending) and the input's release")
  }

  @Test(arguments: ProducerEnding.allCases)
  func producerRunReleasesEverythingWhenItEnds(_ ending: ProducerEnding) {
    let handle = RunHandle()
    weak var weakDownstream: Signal<Int, TestError>.Observer?
    weak var weakInLifetime: Canary?
    weak var weakCaptured: Canary?
    var disposable: (any Disposable)?
    do {
      let producer = SignalProducer<Int, TestError> { observer, lifetime in
        let inLifetime = Canary()
        weakInLifetime = inLifetime
        lifetime.observeEnded { withExtendedLifetime(inLifetime) {} }
        handle.observer = observer
      }
      let captured = Canary()
      weakCaptured = captured
      let downstream = Signal<Int, TestError>.Observer { _ in withExtendedLifetime(captured) {} }
      weakDownstream = downstream
      disposable = producer.start(downstream)
    }
    weak let weakInput = handle.observer
    handle.observer!.send(value: 1)
    #expect(weakInLifetime != nil)
    switch ending {
    case .completed: handle.observer!.sendCompleted()
    case .failed: handle.observer!.send(error: TestError())
    case .interrupted: handle.observer!.sendInterrupted()
    case .disposed: disposable!.dispose()
    case .observerReleased:
      // As in ReactiveSwift, the start disposable keeps the run: releasing the observer ends it
      // only once nobody can dispose it any more.
      handle.observer = nil
      disposable = nil
    }
    #expect(weakInLifetime == nil, "run lifetime's clean-up kept after \(ending)")
    #expect(weakDownstream == nil, "downstream observer kept after \(ending)")
    #expect(weakCaptured == nil, "downstream observer's captures kept after \(ending)")
    handle.observer = nil
    disposable = nil
    #expect(weakInput == nil, "run input kept after \(ending)")
  }

  @Test func mutablePropertyReleasesItsObserversWhenItGoesAway() {
    weak var weakSignalObserver: Canary?
    weak var weakProducerObserver: Canary?
    var property: MutableProperty<Int>? = MutableProperty(0)
    do {
      let first = Canary()
      let second = Canary()
      weakSignalObserver = first
      weakProducerObserver = second
      property!.signal.observeValues { _ in withExtendedLifetime(first) {} }
      property!.producer.startWithValues { _ in withExtendedLifetime(second) {} }
    }
    #expect(weakSignalObserver != nil)
    property = nil
    #expect(weakSignalObserver == nil)
    #expect(weakProducerObserver == nil)
  }

  @Test func disposedPropertyObservationReleasesItsObserver() {
    let property = MutableProperty(0)
    weak var weakObserver: Canary?
    var disposable: (any Disposable)?
    do {
      let observer = Canary()
      weakObserver = observer
      disposable = property.producer.startWithValues { _ in withExtendedLifetime(observer) {} }
    }
    disposable?.dispose()
    #expect(weakObserver == nil)
  }

  @Test func derivedPropertyReleasedStopsObservingItsSource() {
    let source = MutableProperty(0)
    weak var weakDerived: Property<Int>?
    weak var weakCaptured: Canary?
    do {
      let captured = Canary()
      weakCaptured = captured
      let derived = source.map { value in withExtendedLifetime(captured) { value } }
      weakDerived = derived
    }
    #expect(weakDerived == nil)
    #expect(weakCaptured == nil, "the source still holds the derived property's transform")
  }

  @Test func operatorChainsOnASignalAreReleasedWhenTheSignalEnds() {
    withLeakTracking { leaks in
      let (signal, input) = Signal<Int, Never>.pipe()
      let captured = Canary()
      leaks.track(captured, "closure capture of map")
      let mapped = signal.map { value in withExtendedLifetime(captured) { value } }.filter { _ in
        true
      }
      leaks.track(mapped.core, "core of the mapped signal")
      mapped.observeValues { _ in }
      input.sendCompleted()
    }
  }

  @Test func disposingTheObserverThatHoldsTheLastInputInterruptsTheSignal() {
    // The released observer's captures run the input's deinit, which sends to the same signal:
    // the release must happen outside the signal's lock.
    let recorder = EventRecorder<Int, Never>()
    var disposable: (any Disposable)?
    do {
      let (signal, input) = Signal<Int, Never>.pipe()
      signal.observe(recorder.observer)
      disposable = signal.observe { _ in withExtendedLifetime(input) {} }
    }
    disposable?.dispose()
    #expect(recorder.events == [.interrupted])
  }

  @Test func terminatingASignalWhoseObserverHoldsTheLastInputEndsOnce() {
    let recorder = EventRecorder<Int, Never>()
    var sendCompleted: (() -> Void)?
    do {
      let (signal, input) = Signal<Int, Never>.pipe()
      signal.observe(recorder.observer)
      signal.observe { _ in withExtendedLifetime(input) {} }
      sendCompleted = { [unowned input] in input.sendCompleted() }
    }
    sendCompleted?()
    #expect(recorder.events == [.completed])
  }
}
