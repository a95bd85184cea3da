// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct PropertyTests {
  @Test func viewReadsAndForwardsTheWrappedProperty() {
    let source = MutableProperty(1)
    let view = Property(source)
    let recorder = EventRecorder<Int, Never>()
    let changes = EventRecorder<Int, Never>()
    view.producer.start(recorder.observer)
    view.signal.observe(changes.observer)
    source.value = 2
    #expect(view.value == 2)
    #expect(recorder.values == [1, 2])
    #expect(changes.values == [2])
  }

  @Test func capturingViewKeepsTheWrappedPropertyAliveAndCompletesWhenBothGoAway() {
    weak var weakSource: MutableProperty<Int>?
    let recorder = EventRecorder<Int, Never>()
    var view: Property<Int>?
    do {
      let source = MutableProperty(1)
      weakSource = source
      view = Property(capturing: source)
    }
    view!.signal.observe(recorder.observer)
    #expect(weakSource != nil)
    view = nil
    #expect(weakSource == nil)
    #expect(recorder.events == [.completed])
  }

  @Test func constantPropertyHoldsItsValue() {
    let property = Property(value: "a")
    let recorder = EventRecorder<String, Never>()
    property.producer.start(recorder.observer)
    #expect(property.value == "a")
    // The value never changes: the producer completes and the signal is already over.
    #expect(recorder.events == [.value("a"), .completed])
    let changes = EventRecorder<String, Never>()
    property.signal.observe(changes.observer)
    #expect(changes.events == [.interrupted])
  }

  @Test func initialThenProducerHoldsTheInitialValueThenEachValueSent() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let property = Property(initial: 0, then: SignalProducer(signal))
    let recorder = EventRecorder<Int, Never>()
    property.producer.start(recorder.observer)
    input.send(value: 1)
    input.send(value: 2)
    #expect(property.value == 2)
    #expect(recorder.values == [0, 1, 2])
  }

  @Test func initialThenProducerTakesValuesSentSynchronouslyOnStart() {
    let property = Property(initial: 0, then: SignalProducer([1, 2, 3]))
    #expect(property.value == 3)
  }

  @Test func initialThenSignalFollowsTheSignal() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let property = Property(initial: 0, then: signal)
    input.send(value: 4)
    #expect(property.value == 4)
  }

  @Test func initialThenCompletesItsObserversAndKeepsItsValueWhenTheSourceEnds() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let property = Property(initial: 0, then: signal)
    let recorder = EventRecorder<Int, Never>()
    property.signal.observe(recorder.observer)
    input.send(value: 1)
    input.sendInterrupted()
    #expect(recorder.events == [.value(1), .completed])
    #expect(property.value == 1)
    let late = EventRecorder<Int, Never>()
    property.producer.start(late.observer)
    #expect(late.events == [.value(1), .completed])
  }

  @Test func initialThenDisposesTheRunWhenItGoesAwayUnobserved() {
    let runEnded = Counter()
    var property: Property<Int>? = Property(
      initial: 0,
      then: SignalProducer { observer, lifetime in
        lifetime.observeEnded {
          withExtendedLifetime(observer) {}
          runEnded.increment()
        }
      })
    #expect(property?.value == 0)
    #expect(runEnded.value == 0)
    property = nil
    #expect(runEnded.value == 1)
  }

  @Test func initialThenKeepsFeedingItsObserversAfterItGoesAway() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = EventRecorder<Int, Never>()
    var property: Property<Int>? = Property(initial: 0, then: signal)
    property!.producer.start(recorder.observer)
    property = nil
    input.send(value: 1)
    input.sendCompleted()
    #expect(recorder.events == [.value(0), .value(1), .completed])
  }

  @Test func mapTransformsTheCurrentValueAndEveryChange() {
    let source = MutableProperty(1)
    let doubled = source.map { $0 * 2 }
    let recorder = EventRecorder<Int, Never>()
    doubled.producer.start(recorder.observer)
    source.value = 5
    #expect(doubled.value == 10)
    #expect(recorder.values == [2, 10])
  }

  @Test func mapOfAMapFollowsTheOriginalSource() {
    let source = MutableProperty(1)
    let derived = source.map { $0 + 1 }.map { "\($0)" }
    source.value = 9
    #expect(derived.value == "10")
  }

  @Test func derivedPropertyDoesNotKeepItsSourceAlive() {
    weak var weakSource: MutableProperty<Int>?
    var derived: Property<Int>?
    let recorder = EventRecorder<Int, Never>()
    do {
      let source = MutableProperty(1)
      weakSource = source
      derived = source.map { $0 * 10 }
      derived!.signal.observe(recorder.observer)
      source.value = 2
    }
    #expect(weakSource == nil)
    #expect(derived?.value == 20)
    #expect(recorder.events == [.value(20), .completed])
  }

  @Test func derivedStreamsFollowTheSourceAfterTheDerivedPropertyIsGone() {
    var source: MutableProperty<Int>? = MutableProperty(1)
    var derived: Property<Int>? = source!.map { $0 }
    let fromSignal = EventRecorder<Int, Never>()
    let fromProducer = EventRecorder<Int, Never>()
    derived!.signal.observe(fromSignal.observer)
    derived!.producer.start(fromProducer.observer)
    derived = nil
    source!.value = 2
    #expect(fromSignal.events == [.value(2)])
    source = nil
    #expect(fromSignal.events == [.value(2), .completed])
    #expect(fromProducer.events == [.value(1), .value(2), .completed])
  }

  @Test func derivedPropertyCompletesWhenItsSourceCompletes() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let source = Property(initial: 1, then: signal)
    let derived = source.map { $0 + 100 }
    let recorder = EventRecorder<Int, Never>()
    derived.signal.observe(recorder.observer)
    input.send(value: 2)
    input.sendCompleted()
    #expect(recorder.events == [.value(102), .completed])
    #expect(derived.value == 102)
  }

  @Test func propertyDerivedFromACompletedSourceIsCompleted() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let source = Property(initial: 1, then: signal)
    input.sendCompleted()
    let derived = source.map { $0 * 3 }
    let recorder = EventRecorder<Int, Never>()
    derived.producer.start(recorder.observer)
    #expect(derived.value == 3)
    #expect(recorder.events == [.value(3), .completed])
  }

  @Test func skipRepeatsSendsOnlyChangedValues() {
    let source = MutableProperty(1)
    let distinct = source.skipRepeats()
    let recorder = EventRecorder<Int, Never>()
    distinct.producer.start(recorder.observer)
    for value in [1, 1, 2, 2, 2, 3, 1, 1] { source.value = value }
    #expect(recorder.values == [1, 2, 3, 1])
    #expect(distinct.value == 1)
  }

  @Test func skipRepeatsWithAClosureUsesItToCompare() {
    let source = MutableProperty("a")
    let sameLength = source.skipRepeats { $0.count == $1.count }
    var received: [String] = []
    sameLength.signal.observeValues { received.append($0) }
    for value in ["b", "cc", "dd", "e"] { source.value = value }
    #expect(received == ["cc", "e"])
    #expect(sameLength.value == "e")
  }

  // Contract: a property emits only after its new value is visible.
  @Test func derivedObserversReadTheValueTheyAreSent() {
    let source = MutableProperty(0)
    let derived = source.map { $0 * 2 }
    var mismatches = 0
    derived.signal.observeValues { if derived.value != $0 { mismatches += 1 } }
    for value in 1...50 { source.value = value }
    #expect(mismatches == 0)
  }

  @Test func derivedPropertiesLeaveNothingBehind() {
    withLeakTracking { leaks in
      let source = MutableProperty(0)
      let mapped = source.map { $0 + 1 }
      let distinct = mapped.skipRepeats()
      let fromSignal = Property(initial: 0, then: source.signal)
      leaks.track(source, "source MutableProperty")
      leaks.track(mapped, "mapped Property")
      leaks.track(distinct, "skipRepeats Property")
      leaks.track(fromSignal, "Property(initial:then:)")
      distinct.producer.startWithValues { _ in }
      source.value = 1
    }
  }
}
