// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// `<~`, `BindingTarget` and `BindingTargetProvider` as ReactiveSwift's documentation uses them.
@Suite struct BindingCompatibilityTests {
  final class Label {
    var text = ""
    var count: Int? = nil
  }

  @Test func bindsASignalAProducerAndAPropertyToEachTargetKind() {
    let (lifetime, token) = Lifetime.make()
    var received: [Int] = []
    let target = BindingTarget<Int>(lifetime: lifetime) { received.append($0) }
    let property = MutableProperty(0)
    let (signal, input) = Signal<Int, Never>.pipe()
    let source = MutableProperty(7)

    target <~ signal
    target <~ SignalProducer(values: 1, 2)
    target <~ source
    property <~ Property(source)
    input.send(value: 3)

    #expect(received == [1, 2, 7, 3])
    #expect(property.value == 7)
    withExtendedLifetime(token) {}
  }

  @Test func bindsNonOptionalValuesToAnOptionalTarget() {
    let property = MutableProperty<Int?>(nil)
    let (signal, input) = Signal<Int, Never>.pipe()
    property <~ signal
    input.send(value: 4)
    #expect(property.value == 4)
  }

  @Test func theBindingEndsWhenTheTargetsLifetimeEnds() {
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    var received: [Int] = []
    let target = BindingTarget<Int>(lifetime: lifetime) { received.append($0) }
    let probe = Probe<Int, Never>()
    let binding = target <~ probe.producer
    probe.input.send(value: 1)

    token = nil
    probe.input.send(value: 2)

    #expect(received == [1])
    #expect(!probe.isRunning)
    #expect(binding?.isDisposed == true)
    _ = token
    lifetime = .empty
  }

  @Test func bindingToAnEndedTargetDoesNothing() {
    let target = BindingTarget<Int>(lifetime: .empty) { _ in Issue.record("no value expected") }
    let probe = Probe<Int, Never>()
    let binding = target <~ probe.producer
    #expect(binding == nil)
    #expect(probe.startCount == 0)
  }

  @Test func aTargetOnASchedulerSetsOnThatScheduler() {
    let scheduler = TestScheduler()
    let (lifetime, token) = Lifetime.make()
    var received: [String] = []
    let target = BindingTarget<String>(on: scheduler, lifetime: lifetime) { received.append($0) }
    target <~ SignalProducer(value: "a")
    #expect(received.isEmpty)
    scheduler.advance()
    #expect(received == ["a"])
    withExtendedLifetime(token) {}
  }

  @Test func aKeyPathTargetSetsTheObjectAndHoldsItWeakly() {
    let (lifetime, token) = Lifetime.make()
    var label: Label? = Label()
    weak let weakLabel = label
    let text = BindingTarget(lifetime: lifetime, object: label!, keyPath: \.text)
    let count = BindingTarget(lifetime: lifetime, object: label!, keyPath: \.count)
    let (signal, input) = Signal<Int, Never>.pipe()

    text <~ signal.map { "\($0) items" }
    count <~ signal
    input.send(value: 3)
    #expect(label?.text == "3 items")
    #expect(label?.count == 3)

    label = nil
    #expect(weakLabel == nil)
    input.send(value: 4)
    withExtendedLifetime(token) {}
  }

  @Test func aCustomProviderIsABindingTarget() {
    final class Counter: BindingTargetProvider {
      let (lifetime, token) = Lifetime.make()
      var total = 0
      var bindingTarget: BindingTarget<Int> {
        BindingTarget(lifetime: lifetime) { [weak self] in self?.total += $0 }
      }
    }
    let counter = Counter()
    counter <~ SignalProducer(values: 1, 2, 3)
    #expect(counter.total == 6)
  }

  @Test func aMutablePropertyTargetDoesNotKeepThePropertyAlive() {
    let (signal, input) = Signal<Int, Never>.pipe()
    weak var weakProperty: MutableProperty<Int>?
    var binding: (any Disposable)?
    do {
      let property = MutableProperty(0)
      weakProperty = property
      binding = property <~ signal
      input.send(value: 1)
      #expect(property.value == 1)
    }
    #expect(weakProperty == nil)
    #expect(binding?.isDisposed == true)
  }
}
