// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct TakeUntilTests {
  @Test func signalCompletesOnTheTriggersValue() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (trigger, fire) = Signal<(), Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.take(until: trigger).observe(recorder.observer)

    input.send(value: 1)
    fire.send(value: ())
    input.send(value: 2)

    #expect(recorder.events == [.value(1), .completed])
  }

  @Test func signalCompletesOnTheTriggersCompletion() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (trigger, fire) = Signal<(), Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.take(until: trigger).observe(recorder.observer)

    fire.sendCompleted()
    input.send(value: 1)

    #expect(recorder.events == [.completed])
  }

  @Test func signalIgnoresAnInterruptedTrigger() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let (trigger, fire) = Signal<(), Never>.pipe()
    let recorder = Recorder<Int, Never>()
    signal.take(until: trigger).observe(recorder.observer)

    fire.sendInterrupted()
    input.send(value: 1)

    #expect(recorder.events == [.value(1)])
  }

  @Test func signalPassesFailureThrough() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, TestError>()
    signal.take(until: .never).observe(recorder.observer)

    input.send(error: .boom)

    #expect(recorder.events == [.failed(.boom)])
  }

  @Test func producerCompletesAndStopsTheWorkOnTheTriggerSignal() {
    let probe = Probe<Int, Never>()
    let (trigger, fire) = Signal<(), Never>.pipe()
    let recorder = Recorder<Int, Never>()
    probe.producer.take(until: trigger).start(recorder.observer)

    probe.input.send(value: 1)
    fire.send(value: ())

    #expect(recorder.events == [.value(1), .completed])
    #expect(!probe.isRunning)
  }

  @Test func producerCompletesAndStopsBothRunsOnTheTriggerProducer() {
    let probe = Probe<Int, TestError>()
    let trigger = Probe<(), Never>()
    let recorder = Recorder<Int, TestError>()
    probe.producer.take(until: trigger.producer).start(recorder.observer)
    #expect(trigger.isRunning)

    probe.input.send(value: 1)
    trigger.input.send(value: ())

    #expect(recorder.events == [.value(1), .completed])
    #expect(!probe.isRunning)
    #expect(!trigger.isRunning)
  }

  @Test func producerWithAnImmediateTriggerCompletesWithoutStartingTheWork() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()

    probe.producer.take(until: SignalProducer(value: ())).start(recorder.observer)

    #expect(recorder.events == [.completed])
    #expect(probe.startCount == 0)
  }

  @Test func producerFailureDisposesTheTriggerRun() {
    let probe = Probe<Int, TestError>()
    let trigger = Probe<(), Never>()
    let recorder = Recorder<Int, TestError>()
    probe.producer.take(until: trigger.producer).start(recorder.observer)

    probe.input.send(error: .boom)

    #expect(recorder.events == [.failed(.boom)])
    #expect(!trigger.isRunning)
    #expect(trigger.lastToken == nil)
  }

  @Test func producerDisposalStopsBothRuns() {
    let probe = Probe<Int, Never>()
    let trigger = Probe<(), Never>()
    let recorder = Recorder<Int, Never>()
    let disposable = probe.producer.take(until: trigger.producer).start(recorder.observer)

    disposable.dispose()

    #expect(recorder.events == [.interrupted])
    #expect(!probe.isRunning)
    #expect(!trigger.isRunning)
  }
}
