// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// Contract: a stream sends any number of values, then at most one terminal event, and nothing
/// after it. Observers added after termination are interrupted.
@Suite struct EventGrammarTests {
  @Test(arguments: [
    Signal<Int, TestError>.Event.completed, .interrupted, .failed(TestError()),
  ])
  func signalSendsNothingAfterATerminalEvent(terminal: Signal<Int, TestError>.Event) {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = EventRecorder<Int, TestError>()
    signal.observe(recorder.observer)
    input.send(value: 1)
    input.send(terminal)
    input.send(value: 2)
    input.sendCompleted()
    input.send(error: TestError())
    input.sendInterrupted()
    #expect(recorder.events == [.value(1), terminal])
  }

  @Test(arguments: [
    Signal<Int, TestError>.Event.completed, .interrupted, .failed(TestError()),
  ])
  func producerRunSendsNothingAfterATerminalEvent(terminal: Signal<Int, TestError>.Event) {
    let recorder = EventRecorder<Int, TestError>()
    SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.send(terminal)
      observer.send(value: 2)
      observer.sendCompleted()
    }.start(recorder.observer)
    #expect(recorder.events == [.value(1), terminal])
  }

  // Contract: observers added after termination get interrupted.
  @Test func observerAddedAfterTerminationIsInterruptedAtOnce() {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.sendCompleted()
    let recorder = EventRecorder<Int, Never>()
    let disposable = signal.observe(recorder.observer)
    #expect(disposable == nil)
    #expect(recorder.events == [.interrupted])
  }

  @Test func observerAddedDuringTheTerminalDeliveryIsInterrupted() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let late = EventRecorder<Int, Never>()
    signal.observeCompleted { signal.observe(late.observer) }
    input.sendCompleted()
    #expect(late.events == [.interrupted])
  }

  @Test func observerAddedDuringDeliveryGetsOnlyLaterEvents() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let late = EventRecorder<Int, Never>()
    var added = false
    signal.observeValues { _ in
      guard !added else { return }
      added = true
      signal.observe(late.observer)
    }
    input.send(value: 1)
    input.send(value: 2)
    #expect(late.values == [2])
  }

  @Test func terminalEventSentFromAnObserverIsDeliveredOnceAfterTheCurrentEvent() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let first = EventRecorder<Int, Never>()
    let second = EventRecorder<Int, Never>()
    signal.observe { event in
      first.record(event)
      if case .value = event {
        input.sendCompleted()
        input.sendInterrupted()
      }
    }
    signal.observe(second.observer)
    input.send(value: 1)
    input.send(value: 2)
    // The second observer still gets the value being delivered, then the terminal event once.
    #expect(first.events == [.value(1), .completed])
    #expect(second.events == [.value(1), .completed])
  }

  @Test func terminalEventSentFromATerminalObserverIsIgnored() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = EventRecorder<Int, Never>()
    signal.observeCompleted { input.sendInterrupted() }
    signal.observe(recorder.observer)
    input.sendCompleted()
    #expect(recorder.events == [.completed])
  }

  @Test func releasingThePipeInputInterruptsTheSignal() {
    let recorder = EventRecorder<Int, Never>()
    var input: Signal<Int, Never>.Observer?
    do {
      let pipe = Signal<Int, Never>.pipe()
      input = pipe.input
      pipe.output.observe(recorder.observer)
    }
    input?.send(value: 1)
    input = nil
    #expect(recorder.events == [.value(1), .interrupted])
  }

  @Test func releasingTheProducerObserverInterruptsTheRun() {
    let recorder = EventRecorder<Int, Never>()
    SignalProducer<Int, Never> { observer, _ in observer.send(value: 1) }
      .start(recorder.observer)
    #expect(recorder.events == [.value(1), .interrupted])
  }

  @Test func randomEventSequencesAreCutAfterTheFirstTerminalEvent() {
    withEvery(seed: 0..<200) { seed, random in
      let (signal, input) = Signal<Int, TestError>.pipe()
      let recorder = EventRecorder<Int, TestError>()
      signal.observe(recorder.observer)
      var sent: [Signal<Int, TestError>.Event] = []
      for _ in 0..<Int.random(in: 0..<20, using: &random) {
        let event: Signal<Int, TestError>.Event =
          switch Int.random(in: 0..<10, using: &random) {
          case 0: .completed
          case 1: .interrupted
          case 2: .failed(TestError())
          default: .value(Int.random(in: 0..<100, using: &random))
          }
        sent.append(event)
        input.send(event)
      }
      var expected = Array(sent.prefix { !$0.isTerminating })
      if let terminal = sent.first(where: \.isTerminating) { expected.append(terminal) }
      #expect(recorder.events == expected, "seed \(seed)")
    }
  }
}
