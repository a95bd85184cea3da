// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Contract: disposal is final. Once `dispose()` returns, the observer it detached receives
/// nothing more, even while another thread is delivering an event to the other observers.
@Suite struct DisposalIsFinalTests {
  /// Waits up to about 200 ms for `condition`, so that a correct implementation that blocks the
  /// other thread cannot hang the test.
  private static func wait(until condition: () -> Bool) {
    for _ in 0..<200 where !condition() { usleep(1_000) }
  }

  @Test func disposedObserverGetsNothingWhileADeliveryToOthersIsInProgress() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let blockerEntered = Counter()
    let disposeReturned = Counter()
    let receivedAfterDispose = Counter()
    signal.observeValues { value in
      guard value == 1 else { return }
      blockerEntered.increment()
      // Keep the delivery of 1 in progress while the other thread disposes.
      Self.wait { disposeReturned.value > 0 }
    }
    let disposed = signal.observeValues { _ in
      if disposeReturned.value > 0 { receivedAfterDispose.increment() }
    }!

    onThreads(2) { index in
      if index == 0 {
        input.send(value: 1)
      } else {
        while blockerEntered.value == 0 { sched_yield() }
        disposed.dispose()
        disposeReturned.increment()
        input.send(value: 2)
      }
    }
    #expect(receivedAfterDispose.value == 0)
    #expect(disposed.isDisposed)
  }

  @Test func disposeWaitsForAValueBeingDeliveredToItsObserver() {
    Self.checkDisposeWaitsForAValueBeingDelivered { $0 }
  }

  @Test func disposeWaitsForAValueBeingDeliveredThroughADerivedSignal() {
    // A chain of synchronous operators shares the upstream's lock; disposing an observer at the
    // end of the chain must still wait for the delivery in progress on another thread.
    Self.checkDisposeWaitsForAValueBeingDelivered { $0.map { $0 + 1 }.filter { $0 > 0 } }
  }

  /// Sends a value on one thread and disposes the observer of `observed(signal)` on another
  /// while that value is being delivered; the observer must not still run once dispose() returns.
  private static func checkDisposeWaitsForAValueBeingDelivered(
    _ observed: (Signal<Int, Never>) -> Signal<Int, Never>
  ) {
    let (signal, input) = Signal<Int, Never>.pipe()
    let entered = Counter()
    let disposeReturned = Counter()
    let stillRunningAfterDispose = Counter()
    let disposable = observed(signal).observeValues { _ in
      entered.increment()
      wait { disposeReturned.value > 0 }
      if disposeReturned.value > 0 { stillRunningAfterDispose.increment() }
    }!
    onThreads(2) { index in
      if index == 0 {
        input.send(value: 1)
      } else {
        while entered.value == 0 { sched_yield() }
        disposable.dispose()
        disposeReturned.increment()
      }
    }
    #expect(stillRunningAfterDispose.value == 0)
  }

  @Test func disposeWaitsForATerminalEventBeingDeliveredToItsObserver() {
    // Termination deactivates a subscription before calling its observer; dispose() must still
    // wait for that call rather than return while it runs.
    let (signal, input) = Signal<Int, Never>.pipe()
    let entered = Counter()
    let disposeReturned = Counter()
    let stillRunningAfterDispose = Counter()
    let disposable = signal.observeCompleted {
      entered.increment()
      Self.wait { disposeReturned.value > 0 }
      if disposeReturned.value > 0 { stillRunningAfterDispose.increment() }
    }!
    onThreads(2) { index in
      if index == 0 {
        input.sendCompleted()
      } else {
        while entered.value == 0 { sched_yield() }
        disposable.dispose()
        disposeReturned.increment()
      }
    }
    #expect(stillRunningAfterDispose.value == 0)
  }

  @Test func observerDisposedFromAnEarlierObserverMissesTheCurrentEvent() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = EventRecorder<Int, Never>()
    var second: (any Disposable)?
    signal.observeValues { _ in second?.dispose() }
    second = signal.observe(recorder.observer)
    input.send(value: 1)
    input.send(value: 2)
    #expect(recorder.events.isEmpty)
  }

  @Test func observerDisposingItselfReceivesNothingMore() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var received: [Int] = []
    var disposable: (any Disposable)?
    disposable = signal.observeValues { value in
      received.append(value)
      disposable?.dispose()
    }
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    #expect(received == [1])
  }

  @Test func disposingAProducerRunInterruptsItsObserverOnce() {
    let recorder = EventRecorder<Int, Never>()
    let ended = Counter()
    let disposable = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded { ended.increment() }
      observer.send(value: 1)
      lifetime.observeEnded { withExtendedLifetime(observer) {} }
    }.start(recorder.observer)
    disposable.dispose()
    disposable.dispose()
    #expect(recorder.events == [.value(1), .interrupted])
    #expect(ended.value == 1)
    #expect(disposable.isDisposed)
  }

  @Test func valuesSentAfterTheRunIsDisposedAreDropped() {
    let recorder = EventRecorder<Int, Never>()
    var input: Signal<Int, Never>.Observer?
    let disposable = SignalProducer<Int, Never> { observer, _ in input = observer }
      .start(recorder.observer)
    disposable.dispose()
    input?.send(value: 1)
    input?.sendCompleted()
    #expect(recorder.events == [.interrupted])
  }
}
