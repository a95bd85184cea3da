// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct OnTests {
  @Test func signalRunsHooksInOrderBeforeForwarding() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    var log: [String] = []
    signal.on(
      event: { log.append("event \($0)") },
      failed: { log.append("failed \($0)") },
      terminated: { log.append("terminated") },
      disposed: { log.append("disposed") },
      value: { log.append("value \($0)") }
    ).observe { log.append("observer \($0)") }

    input.send(value: 1)
    input.send(error: .boom)

    #expect(
      log == [
        "event value 1", "value 1", "observer value 1",
        "event failed boom", "failed boom", "terminated", "observer failed boom", "disposed",
      ])
  }

  @Test func signalRunsCompletedAndInterruptedHooks() {
    let (first, firstInput) = Signal<Int, Never>.pipe()
    let (second, secondInput) = Signal<Int, Never>.pipe()
    var log: [String] = []
    first.on(completed: { log.append("completed") }).observe { _ in }
    second.on(interrupted: { log.append("interrupted") }).observe { _ in }

    firstInput.sendCompleted()
    secondInput.sendInterrupted()

    #expect(log == ["completed", "interrupted"])
  }

  @Test func producerRunsStartingAndStartedAroundTheStart() {
    var log: [String] = []
    let producer = SignalProducer<Int, Never> { observer, _ in
      log.append("work")
      observer.send(value: 1)
      observer.sendCompleted()
    }

    producer.on(
      starting: { log.append("starting") },
      started: { log.append("started") },
      completed: { log.append("completed") },
      value: { log.append("value \($0)") }
    ).start()

    #expect(log == ["starting", "work", "value 1", "completed", "started"])
  }

  @Test func producerRunsHooksForEveryRun() {
    var starts = 0
    var disposals = 0
    let producer = SignalProducer<Int, Never>(value: 1).on(
      starting: { starts += 1 }, disposed: { disposals += 1 })

    producer.start()
    producer.start()

    #expect(starts == 2)
    #expect(disposals == 2)
  }

  @Test func producerRunsInterruptedAndDisposedOnDisposal() {
    let probe = Probe<Int, Never>()
    var log: [String] = []
    let disposable = probe.producer.on(
      interrupted: { log.append("interrupted") },
      terminated: { log.append("terminated") },
      disposed: { log.append("disposed") }
    ).start()

    disposable.dispose()

    #expect(log == ["interrupted", "terminated", "disposed"])
    #expect(!probe.isRunning)
  }

  @Test func producerRunsFailedThenTerminated() {
    var log: [String] = []
    SignalProducer<Int, TestError>(error: .other).on(
      failed: { log.append("failed \($0)") },
      terminated: { log.append("terminated") }
    ).start()

    #expect(log == ["failed other", "terminated"])
  }
}
