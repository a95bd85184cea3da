// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct BindingTests {
  @Test func bindingASignalSetsThePropertyToEachLaterValue() {
    let property = MutableProperty(0)
    let (signal, input) = Signal<Int, Never>.pipe()
    input.send(value: 1)
    property <~ signal
    #expect(property.value == 0)
    input.send(value: 2)
    #expect(property.value == 2)
    input.send(value: 3)
    #expect(property.value == 3)
  }

  @Test func bindingAProducerStartsItAtOnce() {
    let property = MutableProperty("")
    property <~ SignalProducer(values: "a", "b")
    #expect(property.value == "b")
  }

  @Test func bindingAPropertyCopiesItsCurrentValueThenItsChanges() {
    let source = MutableProperty(1)
    let target = MutableProperty(0)
    target <~ source
    #expect(target.value == 1)
    source.value = 2
    #expect(target.value == 2)
    target <~ source.map { $0 * 10 }
    #expect(target.value == 20)
  }

  @Test func theReturnedDisposableEndsTheBindingEarly() {
    let property = MutableProperty(0)
    let probe = Probe<Int, Never>()
    let binding = property <~ probe.producer
    probe.input.send(value: 1)

    binding?.dispose()
    probe.input.send(value: 2)

    #expect(property.value == 1)
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
  }

  @Test func theBindingEndsWithTheTargetsLifetimeAndReleasesTheSourcesWork() {
    let probe = Probe<Int, Never>()
    weak var weakTarget: MutableProperty<Int>?
    var lifetimeEnded = false
    do {
      let target = MutableProperty(0)
      weakTarget = target
      target.lifetime.observeEnded { lifetimeEnded = true }
      target <~ probe.producer
      probe.input.send(value: 1)
      #expect(target.value == 1)
      #expect(probe.isRunning)
    }
    // The binding held the target weakly: it went away at the end of the scope.
    #expect(weakTarget == nil)
    #expect(lifetimeEnded)
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
    probe.input.send(value: 2)
  }

  @Test func aSourceThatCompletesEndsTheBinding() {
    let property = MutableProperty(0)
    let (signal, input) = Signal<Int, Never>.pipe()
    let binding = property <~ signal
    input.send(value: 1)
    input.sendCompleted()
    #expect(binding?.isDisposed == true)
    #expect(property.value == 1)
  }

  @Test func aSourcePropertyThatGoesAwayEndsTheBinding() {
    let target = MutableProperty(0)
    var source: MutableProperty<Int>? = MutableProperty(3)
    weak let weakSource = source
    let binding = target <~ source!
    source = nil
    #expect(weakSource == nil)
    #expect(binding?.isDisposed == true)
    #expect(target.value == 3)
  }

  @Test func bindsUnderAssignmentPrecedence() {
    let property = MutableProperty(0)
    let (signal, input) = Signal<Int, Never>.pipe()
    let binding: (any Disposable)? = property <~ signal.map { $0 + 1 }
    input.send(value: 1)
    #expect(property.value == 2)
    #expect(binding?.isDisposed == false)
  }
}
