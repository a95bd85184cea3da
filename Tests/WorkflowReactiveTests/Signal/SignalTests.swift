// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct SignalTests {
  @Test func pipeDeliversToEveryObserverInOrder() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let first = EventRecorder<Int, Never>()
    let second = EventRecorder<Int, Never>()
    signal.observe(first.observer)
    signal.observe(second.observer)
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    #expect(first.events == [.value(1), .value(2), .completed])
    #expect(second.events == first.events)
  }

  @Test func signalDoesNotReplayToLaterObservers() {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.send(value: 1)
    let recorder = EventRecorder<Int, Never>()
    signal.observe(recorder.observer)
    input.send(value: 2)
    #expect(recorder.values == [2])
  }

  @Test func pipeDisposableIsDisposedOnTermination() {
    let disposable = AnyDisposable()
    let (signal, input) = Signal<Int, Never>.pipe(disposable: disposable)
    withExtendedLifetime(signal) {
      #expect(!disposable.isDisposed)
      input.sendInterrupted()
      #expect(disposable.isDisposed)
    }
  }

  @Test func pipeDisposableIsDisposedWhenTheSignalIsDroppedUnobserved() {
    let disposable = AnyDisposable()
    let (_, input) = Signal<Int, Never>.pipe(disposable: disposable)
    #expect(disposable.isDisposed)
    input.send(value: 1)
  }

  @Test func generatorLifetimeEndsWhenTheSignalTerminates() {
    var input: Signal<Int, Never>.Observer?
    var lifetime: Lifetime?
    let signal = Signal<Int, Never> { observer, signalLifetime in
      input = observer
      lifetime = signalLifetime
    }
    let recorder = EventRecorder<Int, Never>()
    signal.observe(recorder.observer)
    input?.send(value: 1)
    #expect(lifetime?.hasEnded == false)
    input?.sendCompleted()
    #expect(lifetime?.hasEnded == true)
    #expect(recorder.events == [.value(1), .completed])
  }

  @Test func neverSendsNothing() {
    let recorder = EventRecorder<Int, Never>()
    let disposable = Signal<Int, Never>.never.observe(recorder.observer)
    #expect(disposable != nil)
    #expect(recorder.events.isEmpty)
  }

  @Test func emptyIsAlreadyInterrupted() {
    let recorder = EventRecorder<Int, Never>()
    Signal<Int, Never>.empty.observe(recorder.observer)
    #expect(recorder.events == [.interrupted])
  }

  @Test func observeHelpersSeeTheirKindOfEvent() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    var values: [Int] = []
    var results: [Result<Int, TestError>] = []
    var failures: [TestError] = []
    signal.observeValues { values.append($0) }
    signal.observeResult { results.append($0) }
    signal.observeFailed { failures.append($0) }
    input.send(value: 1)
    input.send(error: TestError())
    #expect(values == [1])
    #expect(results == [.success(1), .failure(TestError())])
    #expect(failures == [TestError()])
  }

  @Test func completedAndInterruptedHelpersSeeTheirEvent() {
    let (completing, completingInput) = Signal<Int, Never>.pipe()
    let (interrupting, interruptingInput) = Signal<Int, Never>.pipe()
    var seen: [String] = []
    completing.observeCompleted { seen.append("completed") }
    completing.observeInterrupted { seen.append("wrong") }
    interrupting.observeInterrupted { seen.append("interrupted") }
    interrupting.observeCompleted { seen.append("wrong") }
    completingInput.sendCompleted()
    interruptingInput.sendInterrupted()
    #expect(seen == ["completed", "interrupted"])
  }

  @Test func observerConvenienceInitializerRoutesEachEvent() {
    var seen: [String] = []
    let observer = Signal<Int, TestError>.Observer(
      value: { seen.append("value \($0)") },
      failed: { _ in seen.append("failed") },
      completed: { seen.append("completed") },
      interrupted: { seen.append("interrupted") })
    observer.send(value: 1)
    observer.send(error: TestError())
    observer.sendCompleted()
    observer.sendInterrupted()
    #expect(seen == ["value 1", "failed", "completed", "interrupted"])
  }

  @Test func eventAccessorsAndTransforms() {
    let value = Signal<Int, TestError>.Event.value(2)
    let failed = Signal<Int, TestError>.Event.failed(TestError())
    #expect(value.value == 2 && value.error == nil && !value.isTerminating)
    #expect(failed.error == TestError() && failed.value == nil && failed.isTerminating)
    #expect(value.map { "\($0)" } == .value("2"))
    #expect(failed.mapError { _ in TestError() } == .failed(TestError()))
    #expect(Signal<Int, TestError>.Event.completed.isTerminating)
    #expect("\(value)" == "value 2")
  }

  @Test func mapAndFilterTransformValuesAndPassTerminalEvents() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = EventRecorder<Int, Never>()
    signal.map { $0 * 10 }.filter { $0 > 10 }.observe(recorder.observer)
    for value in 1...3 { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.events == [.value(20), .value(30), .completed])
  }
}
