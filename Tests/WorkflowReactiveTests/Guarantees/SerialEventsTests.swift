// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// Contract: events are serial. Concurrent senders take turns, nothing is lost, each sender's
/// values keep their order, and no observer is ever called concurrently with itself.
@Suite struct SerialEventsTests {
  private static let threads = 4
  private static let perThread = 2_000

  private static func checkPerSenderOrder(_ values: [Int]) {
    #expect(values.count == threads * perThread)
    for thread in 0..<threads {
      let fromThread = values.filter { $0 / perThread == thread }
      #expect(fromThread == Array(thread * perThread..<(thread + 1) * perThread))
    }
  }

  @Test func signalDeliversConcurrentSendsOneAtATime() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorders = (0..<3).map { _ in EventRecorder<Int, Never>() }
    for recorder in recorders { signal.observe(recorder.observer) }
    onThreads(Self.threads) { thread in
      for step in 0..<Self.perThread { input.send(value: thread * Self.perThread + step) }
    }
    for recorder in recorders {
      #expect(recorder.overlappingCalls == 0)
      Self.checkPerSenderOrder(recorder.values)
    }
    // Every observer sees the same order.
    #expect(recorders[0].values == recorders[1].values)
    #expect(recorders[0].values == recorders[2].values)
  }

  @Test func producerRunDeliversConcurrentSendsOneAtATime() {
    let recorder = EventRecorder<Int, Never>()
    SignalProducer<Int, Never> { observer, _ in
      onThreads(Self.threads) { thread in
        for step in 0..<Self.perThread { observer.send(value: thread * Self.perThread + step) }
      }
      observer.sendCompleted()
    }.start(recorder.observer)
    #expect(recorder.overlappingCalls == 0)
    Self.checkPerSenderOrder(recorder.values)
    #expect(recorder.events.last == .completed)
  }

  @Test func mappedSignalKeepsDeliverySerial() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = EventRecorder<Int, Never>()
    signal.map { $0 }.filter { _ in true }.observe(recorder.observer)
    onThreads(Self.threads) { thread in
      for step in 0..<Self.perThread { input.send(value: thread * Self.perThread + step) }
    }
    #expect(recorder.overlappingCalls == 0)
    Self.checkPerSenderOrder(recorder.values)
  }

  @Test func observingAndDisposingWhileOtherThreadsSendIsSafe() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let main = EventRecorder<Int, Never>()
    signal.observe(main.observer)
    onThreads(3) { thread in
      if thread == 0 {
        for value in 0..<Self.perThread { input.send(value: value) }
      } else {
        for _ in 0..<500 {
          let recorder = EventRecorder<Int, Never>()
          signal.observe(recorder.observer)?.dispose()
          #expect(recorder.overlappingCalls == 0)
        }
      }
    }
    #expect(main.values == Array(0..<Self.perThread))
  }
}
