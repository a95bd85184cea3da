// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

/// Composition on properties as ReactiveSwift's docs show it, with ReactiveSwift's lifetimes:
/// a composed property does not keep its sources alive, and its streams end with the sources.
@Suite struct PropertyCompositionCompatibilityTests {
  @Test func constantPropertyCompletesAndHasNoChanges() {
    let constant = Property(value: 1)
    let values = Recorder<Int, Never>()
    let changes = Recorder<Int, Never>()
    constant.producer.start(values.observer)
    constant.signal.observe(changes.observer)
    #expect(values.events == [.value(1), .completed])
    #expect(changes.events == [.interrupted])
  }

  @Test func capturingKeepsTheSourceAlive() {
    weak var weakSource: MutableProperty<Int>?
    var captured: Property<Int>?
    do {
      let source = MutableProperty(1)
      weakSource = source
      captured = Property(capturing: source)
    }
    #expect(weakSource != nil)
    weakSource?.value = 2
    #expect(captured?.value == 2)
    captured = nil
    #expect(weakSource == nil)
  }

  @Test func composedPropertyDoesNotKeepTheSourceAlive() {
    weak var weakSource: MutableProperty<Int>?
    var composed: Property<Int>?
    let changes = Recorder<Int, Never>()
    do {
      let source = MutableProperty(1)
      weakSource = source
      composed = Property(source)
      composed!.signal.observe(changes.observer)
    }
    #expect(weakSource == nil)
    #expect(composed?.value == 1)
    #expect(changes.events == [.completed])
  }

  @Test func initialThenFollowsTheProducerAndCompletesWithIt() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let property = Property(initial: 0, then: SignalProducer(signal))
    let recorder = Recorder<Int, Never>()
    property.producer.start(recorder.observer)
    input.send(value: 1)
    input.sendInterrupted()
    #expect(recorder.events == [.value(0), .value(1), .completed])
    #expect(property.value == 1)
  }

  @Test func mapFollowsTheSource() {
    let count = MutableProperty(1)
    let label = count.map { "\($0) items" }
    count.value = 2
    #expect(label.value == "2 items")
  }

  @Test func combineLatestHoldsTheLatestOfBoth() {
    let name = MutableProperty("Ada")
    let age = MutableProperty(36)
    let combined = name.combineLatest(with: age)
    let recorder = Recorder<String, Never>()
    combined.producer.map { "\($0) \($1)" }.start(recorder.observer)
    age.value = 37
    name.value = "Grace"
    #expect(recorder.values == ["Ada 36", "Ada 37", "Grace 37"])
    #expect(combined.value.0 == "Grace" && combined.value.1 == 37)
  }

  @Test func staticCombineLatestOfThreeAndOfASequence() {
    let a = MutableProperty(1)
    let b = MutableProperty("b")
    let c = MutableProperty(true)
    let three = Property.combineLatest(a, b, c)
    a.value = 2
    #expect(three.value.0 == 2 && three.value.1 == "b" && three.value.2)
    let numbers = [MutableProperty(1), MutableProperty(2), MutableProperty(3)]
    let all = Property.combineLatest(numbers)
    numbers[1].value = 20
    #expect(all?.value == [1, 20, 3])
    #expect(Property<Int>.combineLatest([MutableProperty<Int>]()) == nil)
  }

  @Test func combineLatestCompletesWhenBothSourcesAreGone() {
    var first: MutableProperty<Int>? = MutableProperty(1)
    var second: MutableProperty<Int>? = MutableProperty(2)
    let combined = first!.combineLatest(with: second!)
    let recorder = Recorder<Int, Never>()
    combined.signal.map { $0 + $1 }.observe(recorder.observer)
    first = nil
    second!.value = 3
    #expect(recorder.events == [.value(4)])
    second = nil
    #expect(recorder.events == [.value(4), .completed])
    #expect(combined.value.0 == 1 && combined.value.1 == 3)
  }

  @Test func zipPairsValuesInOrder() {
    let left = MutableProperty(0)
    let right = MutableProperty("a")
    let zipped = left.zip(with: right)
    let recorder = Recorder<String, Never>()
    zipped.signal.map { "\($0)\($1)" }.observe(recorder.observer)
    left.value = 1
    left.value = 2
    right.value = "b"
    right.value = "c"
    #expect(recorder.values == ["1b", "2c"])
    let latest = Property.zip(left, right).value
    #expect(latest.0 == 2 && latest.1 == "c")
  }

  @Test func flatMapLatestFollowsTheCurrentInnerProperty() {
    let first = MutableProperty("first")
    let second = MutableProperty("second")
    let selected = MutableProperty(0)
    let title = selected.flatMap(.latest) { $0 == 0 ? first : second }
    #expect(title.value == "first")
    selected.value = 1
    #expect(title.value == "second")
    first.value = "ignored"
    second.value = "changed"
    #expect(title.value == "changed")
  }

  @Test func booleanComposition() {
    let a = MutableProperty(true)
    let b = MutableProperty(false)
    let notA = a.negate()
    let both = a.and(b)
    let either = a.or(b)
    let all = Property.all(a, b)
    let any = Property.any([a, b])
    #expect(!notA.value && !both.value && either.value && !all.value && any.value)
    b.value = true
    #expect(both.value && all.value)
    a.value = false
    b.value = false
    #expect(notA.value && !either.value && !any.value)
    #expect(Property.all([MutableProperty<Bool>]()).value)
    #expect(!Property.any([MutableProperty<Bool>]()).value)
  }

  @Test func composedPropertyGoneUnobservedReleasesItsSubscription() {
    let source = MutableProperty(1)
    weak var weakComposed: Property<Int>?
    var mapped = 0
    do {
      let composed = source.map { value -> Int in
        mapped += 1
        return value
      }
      weakComposed = composed
    }
    #expect(weakComposed == nil)
    source.value = 2
    #expect(mapped == 1)
  }
}
