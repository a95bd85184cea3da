// SPDX-License-Identifier: Apache-2.0

import Synchronization
import TestSupport
import Testing
import WorkflowReactive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct MutablePropertyTests {
  @Test func storesTheValueItIsSet() {
    let property = MutableProperty(1)
    property.value = 2
    #expect(property.value == 2)
  }

  @Test func modifyChangesInPlaceNotifiesOnceAndReturnsTheResult() {
    let property = MutableProperty([1])
    var received: [[Int]] = []
    property.signal.observeValues { received.append($0) }
    let count = property.modify { values -> Int in
      values.append(2)
      values.append(3)
      return values.count
    }
    #expect(count == 3)
    #expect(received == [[1, 2, 3]])
  }

  @Test func modifyThatThrowsKeepsAndSendsTheChangeMadeBeforeTheThrow() {
    struct Failure: Error {}
    let property = MutableProperty(1)
    var received: [Int] = []
    property.signal.observeValues { received.append($0) }
    #expect(throws: Failure.self) {
      try property.modify { (value: inout Int) throws(Failure) in
        value = 2
        throw Failure()
      }
    }
    #expect(property.value == 2)
    #expect(received == [2])
  }

  @Test func signalSendsChangesOnly() {
    let property = MutableProperty(0)
    var received: [Int] = []
    property.signal.observeValues { received.append($0) }
    property.value = 1
    property.value = 2
    #expect(received == [1, 2])
  }

  @Test func producerSendsTheCurrentValueThenChanges() {
    let property = MutableProperty(0)
    let recorder = EventRecorder<Int, Never>()
    property.producer.start(recorder.observer)
    property.value = 1
    property.value = 2
    #expect(recorder.values == [0, 1, 2])
  }

  @Test func producerRunsAreIndependent() {
    let property = MutableProperty(0)
    let first = EventRecorder<Int, Never>()
    let second = EventRecorder<Int, Never>()
    let producer = property.producer
    let disposable = producer.start(first.observer)
    property.value = 1
    producer.start(second.observer)
    disposable.dispose()
    property.value = 2
    #expect(first.events == [.value(0), .value(1), .interrupted])
    #expect(second.values == [1, 2])
  }

  // Contract: disposal is final (a disposed run is interrupted and receives nothing more).
  @Test func disposingAProducerRunInterruptsItsObserver() {
    let property = MutableProperty(0)
    let recorder = EventRecorder<Int, Never>()
    let disposable = property.producer.start(recorder.observer)
    disposable.dispose()
    property.value = 1
    #expect(recorder.events == [.value(0), .interrupted])
  }

  @Test func runDisposedFromInsideItsObserverIsInterruptedAfterTheCurrentValue() {
    // Events are serial: the interruption must not arrive while the observer is still handling
    // the value during which it disposed its run.
    let property = MutableProperty(0)
    var log: [String] = []
    var depth = 0
    var disposable: (any Disposable)?
    disposable = property.producer.start { event in
      depth += 1
      defer { depth -= 1 }
      log.append("\(event) at depth \(depth)")
      if case .value(1) = event { disposable?.dispose() }
    }
    property.value = 1
    property.value = 2
    #expect(log == ["value 0 at depth 1", "value 1 at depth 1", "interrupted at depth 1"])
  }

  @Test func runEndedByThePropertyGoingAwayIsNotInterruptedWhenDisposedLater() {
    var property: MutableProperty<Int>? = MutableProperty(0)
    var events: [String] = []
    let disposable = property!.producer.start { events.append("\($0)") }
    property = nil
    disposable.dispose()
    #expect(events == ["value 0", "completed"])
  }

  @Test func observersAreCompletedWhenThePropertyGoesAway() {
    var property: MutableProperty<Int>? = MutableProperty(0)
    let fromSignal = EventRecorder<Int, Never>()
    let fromProducer = EventRecorder<Int, Never>()
    property!.signal.observe(fromSignal.observer)
    property!.producer.start(fromProducer.observer)
    property = nil
    #expect(fromSignal.events == [.completed])
    #expect(fromProducer.events == [.value(0), .completed])
  }

  @Test func producerStartedAfterThePropertyWentAwaySendsTheLastValueAndCompletes() {
    var property: MutableProperty<Int>? = MutableProperty(0)
    property!.value = 5
    let producer = property!.producer
    let signal = property!.signal
    property = nil
    let recorder = EventRecorder<Int, Never>()
    producer.start(recorder.observer)
    #expect(recorder.events == [.value(5), .completed])
    let late = EventRecorder<Int, Never>()
    signal.observe(late.observer)
    #expect(late.events == [.interrupted])
  }

  // Contract: a property emits only after its new value is visible.
  @Test func observersReadTheValueTheyAreSent() {
    let property = MutableProperty(0)
    var mismatches = 0
    property.signal.observeValues { if property.value != $0 { mismatches += 1 } }
    property.producer.startWithValues { if property.value != $0 { mismatches += 1 } }
    for value in 1...100 { property.value = value }
    #expect(mismatches == 0)
  }

  // Contract: a property emits only after its new value is visible, on every thread.
  @Test func observersReadTheValueTheyAreSentWhileOtherThreadsSet() {
    let property = MutableProperty(0)
    let mismatches = Counter()
    property.signal.observeValues { value in
      // Sets are serialized with delivery, so nothing can change the value during this call.
      if property.value != value { mismatches.increment() }
    }
    onThreads(4) { thread in
      for step in 0..<500 { property.value = thread * 1_000 + step }
    }
    #expect(mismatches.value == 0)
  }

  // Contract: events are serial; the producer takes the current value and subscribes at once.
  @Test func producerTakesTheCurrentValueAndSubscribesAtomicallyWhileAnotherThreadSets() {
    let property = MutableProperty(0)
    let gaps = Counter()
    let runs = Counter()
    let last = 2_000
    onThreads(3) { thread in
      if thread == 0 {
        // Let a reader subscribe first, so that some runs overlap the sets.
        while runs.value == 0 { sched_yield() }
        for value in 1...last { property.value = value }
        return
      }
      while property.value < last {
        var previous: Int?
        let disposable = property.producer.startWithValues { value in
          // A set falling between reading the value and subscribing would skip a number.
          if let previous, value != previous + 1 { gaps.increment() }
          previous = value
        }
        runs.increment()
        disposable.dispose()
      }
    }
    #expect(gaps.value == 0)
    #expect(runs.value > 0)
  }

  // Contract: events are serial.
  @Test func concurrentSetsAreDeliveredOneAtATimeAndNoneIsLost() {
    let property = MutableProperty(0)
    let recorder = EventRecorder<Int, Never>()
    property.signal.observe(recorder.observer)
    onThreads(4) { thread in
      for step in 0..<1_000 { property.value = thread * 10_000 + step }
    }
    #expect(recorder.values.count == 4_000)
    #expect(recorder.overlappingCalls == 0)
    for thread in 0..<4 {
      let fromThread = recorder.values.filter { $0 / 10_000 == thread }
      #expect(fromThread == (0..<1_000).map { thread * 10_000 + $0 })
    }
  }

  // Contract: values are never sent recursively.
  @Test func settingThePropertyFromItsOwnObserverTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let property = MutableProperty(0)
      property.signal.observeValues { property.value = $0 + 1 }
      property.value = 1
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("MutableProperty<Int> was modified from inside one of its own"))
    }
  }

  // Contract: values are never sent recursively (also from the producer's first value).
  @Test func settingThePropertyFromTheFirstValueOfItsProducerTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let property = MutableProperty(0)
      property.producer.startWithValues { property.value = $0 + 1 }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("MutableProperty<Int> was modified from inside one of its own"))
    }
  }
}
