// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct DisposableTests {
  @Test func anyDisposableRunsItsActionOnce() {
    var runs = 0
    let disposable = AnyDisposable { runs += 1 }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(runs == 1)
    #expect(disposable.isDisposed)
  }

  @Test func anyDisposableWrappingAnotherDisposesIt() {
    let inner = AnyDisposable()
    AnyDisposable(inner).dispose()
    #expect(inner.isDisposed)
  }

  @Test func anyDisposableRunsItsActionOnceUnderConcurrentDisposal() {
    let runs = Counter()
    let disposable = AnyDisposable { runs.increment() }
    onThreads(4) { _ in disposable.dispose() }
    #expect(runs.value == 1)
  }

  @Test func compositeDisposesEveryMemberInOrderOnce() {
    var order: [Int] = []
    let group = CompositeDisposable([AnyDisposable { order.append(1) }])
    group.add(AnyDisposable { order.append(2) })
    group += { order.append(3) }
    group.dispose()
    group.dispose()
    #expect(order == [1, 2, 3])
    #expect(group.isDisposed)
  }

  @Test func compositeDisposesWhatIsAddedAfterItWasDisposed() {
    let group = CompositeDisposable()
    group.dispose()
    let late = AnyDisposable()
    let remover = group.add(late)
    #expect(late.isDisposed)
    #expect(remover == nil)
  }

  @Test func removingAMemberKeepsItFromBeingDisposed() {
    let group = CompositeDisposable()
    let member = AnyDisposable()
    let remover = group.add(member)
    remover?.dispose()
    group.dispose()
    #expect(!member.isDisposed)
  }

  @Test func compositeIgnoresNil() {
    let group = CompositeDisposable()
    #expect(group.add(nil as (any Disposable)?) == nil)
    group.dispose()
    #expect(group.isDisposed)
  }

  @Test func serialReplacingTheInnerDisposesThePreviousOne() {
    let first = AnyDisposable()
    let second = AnyDisposable()
    let serial = SerialDisposable(first)
    serial.inner = second
    #expect(first.isDisposed)
    #expect(!second.isDisposed)
    #expect(serial.inner === second)
  }

  @Test func serialDisposesItsInnerAndAnyLaterOne() {
    let first = AnyDisposable()
    let serial = SerialDisposable(first)
    serial.dispose()
    #expect(first.isDisposed)
    #expect(serial.isDisposed)
    let late = AnyDisposable()
    serial.inner = late
    #expect(late.isDisposed)
    #expect(serial.inner == nil)
  }

  @Test func scopedDisposesItsInnerOnDeinit() {
    let inner = AnyDisposable()
    do {
      let scoped = ScopedDisposable(inner)
      #expect(!scoped.isDisposed)
    }
    #expect(inner.isDisposed)
  }

  @Test func scopedDisposesNowWhenAsked() {
    let inner = CompositeDisposable()
    let scoped = ScopedDisposable(inner)
    scoped.dispose()
    #expect(inner.isDisposed)
    #expect(scoped.isDisposed)
  }

  @Test func scopedTiesAProducerRunToItsOwner() {
    let recorder = EventRecorder<Int, Never>()
    do { _ = ScopedDisposable(SignalProducer<Int, Never>.never.start(recorder.observer)) }
    #expect(recorder.events == [.interrupted])
  }
}
