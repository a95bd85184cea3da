// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// The observer list of a signal core: a delivery calls the observers listed when the event
/// arrived, borrowed from the list, while observers add and remove observers and end the signal
/// as they run.
@Suite struct SignalObserverListTests {
  @Test func observerAddedDuringADeliveryGetsOnlyLaterEvents() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var late: [Int] = []
    var added = false
    signal.observeValues { _ in
      guard !added else { return }
      added = true
      signal.observeValues { late.append($0) }
    }
    input.send(value: 1)
    input.send(value: 2)
    #expect(late == [2])
  }

  @Test func observerRemovedDuringADeliveryGetsNothingMore() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var removed: (any Disposable)?
    var first: [Int] = []
    var second: [Int] = []
    signal.observeValues { value in
      first.append(value)
      // Removes the observer after this one while the delivery of `value` is under way.
      if value == 1 { removed?.dispose() }
    }
    removed = signal.observeValues { second.append($0) }
    input.send(value: 1)
    input.send(value: 2)
    #expect(first == [1, 2])
    #expect(second.isEmpty)
  }

  @Test func observerRemovingItselfStillLetsTheOthersReceiveTheEvent() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var own: (any Disposable)?
    var once: [Int] = []
    var after: [Int] = []
    own = signal.observeValues { value in
      once.append(value)
      own?.dispose()
    }
    signal.observeValues { after.append($0) }
    input.send(value: 1)
    input.send(value: 2)
    #expect(once == [1])
    #expect(after == [1, 2])
  }

  @Test func removingTheMiddleObserverKeepsTheOthersInOrder() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var calls: [String] = []
    signal.observeValues { _ in calls.append("a") }
    let middle = signal.observeValues { _ in calls.append("b") }
    signal.observeValues { _ in calls.append("c") }
    middle?.dispose()
    input.send(value: 1)
    #expect(calls == ["a", "c"])
  }

  @Test func terminationDuringADeliveryFollowsTheValueToEveryObserver() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let first = EventRecorder<Int, Never>()
    let second = EventRecorder<Int, Never>()
    signal.observeValues { _ in input.sendCompleted() }
    signal.observe(first.observer)
    signal.observe(second.observer)
    input.send(value: 1)
    input.send(value: 2)
    #expect(first.events == [.value(1), .completed])
    #expect(second.events == [.value(1), .completed])
  }

  @Test func disposedObserverIsReleasedAndItsDisposableKeepsNothingAlive() {
    withLeakTracking { leaks in
      let (signal, input) = Signal<Int, Never>.pipe()
      final class Captured {}
      var disposable: (any Disposable)?
      do {
        let captured = Captured()
        leaks.track(captured, "what the observer captures")
        disposable = signal.observeValues { _ in withExtendedLifetime(captured) {} }
      }
      input.send(value: 1)
      disposable?.dispose()
      // The disposable is still held here: it must not hold the observer.
      #expect(leaks.leakedNames.isEmpty)
      #expect(disposable?.isDisposed == true)
    }
  }

  @Test func observersAddedAndRemovedFromOtherThreadsDuringSendsKeepDeliverySerial() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = EventRecorder<Int, Never>()
    signal.observe(recorder.observer)
    onThreads(4) { thread in
      for step in 0..<1_000 {
        if thread < 2 {
          input.send(value: thread * 1_000 + step)
        } else {
          signal.observeValues { _ in }?.dispose()
        }
      }
    }
    #expect(recorder.overlappingCalls == 0)
    #expect(recorder.values.count == 2_000)
    for thread in 0..<2 {
      let fromThread = recorder.values.filter { $0 / 1_000 == thread }
      #expect(fromThread == Array(thread * 1_000..<(thread + 1) * 1_000))
    }
  }

  @Test func observerDisposedDuringADeliveryIsReleasedWhenTheDeliveryEnds() {
    let (signal, input) = Signal<Int, Never>.pipe()
    final class Captured {}
    weak var captured: Captured?
    var disposable: (any Disposable)?
    var aliveAfterDisposal: [Bool] = []
    var last: [Int] = []
    signal.observeValues { _ in
      disposable?.dispose()
      disposable = nil
      // The delivery still walks the disposed observer's entry, which keeps it alive.
      aliveAfterDisposal.append(captured != nil)
    }
    do {
      let object = Captured()
      captured = object
      disposable = signal.observeValues { _ in withExtendedLifetime(object) {} }
    }
    signal.observeValues { last.append($0) }
    input.send(value: 1)
    #expect(aliveAfterDisposal == [true])
    #expect(captured == nil)
    #expect(last == [1])
  }

  @Test func deliveryNestedThroughTheDeliveryLockWalksItsOwnList() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let core = signal.core
    var received: [Int] = []
    var removed: (any Disposable)?
    signal.observeValues { value in
      guard value == 1 else { return }
      // A nested delivery, as an action's state makes when applied from one of its observers.
      core.withDeliveryLock { _ in core.deliverLocked(2) }
    }
    signal.observeValues { value in
      received.append(value)
      if value == 2 {
        removed?.dispose()
        signal.observeValues { received.append($0 * 100) }
      }
    }
    removed = signal.observeValues { received.append($0 * 10) }
    input.send(value: 1)
    input.send(value: 3)
    #expect(received == [2, 1, 3, 300])
  }
}
