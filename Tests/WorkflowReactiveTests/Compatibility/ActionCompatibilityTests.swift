// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// `Action` as ReactiveSwift's documentation and specs use it.
@Suite struct ActionCompatibilityTests {
  /// An action that doubles its input on the scheduler's next turn, or fails for negatives.
  private func makeDoubler(
    enabledIf enabled: MutableProperty<Bool> = MutableProperty(true),
    on scheduler: TestScheduler
  ) -> Action<Int, Int, TestError> {
    Action(enabledIf: enabled) { input in
      SignalProducer { observer, lifetime in
        lifetime += scheduler.schedule {
          if input < 0 {
            observer.send(error: .boom)
          } else {
            observer.send(value: input * 2)
            observer.sendCompleted()
          }
        }
      }
    }
  }

  @Test func executesAndForwardsValuesToTheRunAndToValues() {
    let scheduler = TestScheduler()
    let action = makeDoubler(on: scheduler)
    var values: [Int] = []
    var completions = 0
    action.values.observeValues { values.append($0) }
    action.completed.observeValues { completions += 1 }
    let run = Recorder<Int, ActionError<TestError>>()

    action.apply(2).start(run.observer)
    #expect(action.isExecuting.value)
    #expect(!action.isEnabled.value)
    scheduler.advance()

    #expect(run.events == [.value(4), .completed])
    #expect(values == [4])
    #expect(completions == 1)
    #expect(!action.isExecuting.value)
    #expect(action.isEnabled.value)
  }

  @Test func aFailureReachesErrorsAndTheRunAsProducerFailed() {
    let scheduler = TestScheduler()
    let action = makeDoubler(on: scheduler)
    var errors: [TestError] = []
    var events: [Signal<Int, TestError>.Event] = []
    action.errors.observeValues { errors.append($0) }
    action.events.observeValues { events.append($0) }
    let run = Recorder<Int, ActionError<TestError>>()

    action.apply(-1).start(run.observer)
    scheduler.advance()

    #expect(run.events == [.failed(.producerFailed(.boom))])
    #expect(errors == [.boom])
    #expect(events == [.failed(.boom)])
    #expect(action.isEnabled.value)
  }

  @Test func applyingWhileExecutingFailsWithDisabled() {
    let scheduler = TestScheduler()
    let action = makeDoubler(on: scheduler)
    var disabledCount = 0
    action.disabledErrors.observeValues { disabledCount += 1 }
    action.apply(1).start()
    let second = Recorder<Int, ActionError<TestError>>()

    action.apply(2).start(second.observer)

    #expect(second.events == [.failed(.disabled)])
    #expect(disabledCount == 1)
  }

  @Test func followsItsEnabledIfProperty() {
    let scheduler = TestScheduler()
    let enabled = MutableProperty(false)
    let action = makeDoubler(enabledIf: enabled, on: scheduler)
    var enabledChanges: [Bool] = []
    action.isEnabled.producer.startWithValues { enabledChanges.append($0) }
    let refused = Recorder<Int, ActionError<TestError>>()

    action.apply(1).start(refused.observer)
    enabled.value = true
    action.apply(1).start()
    scheduler.advance()

    #expect(refused.events == [.failed(.disabled)])
    #expect(enabledChanges == [false, true, false, true])
  }

  @Test func executeReceivesTheStateTheEnablednessWasCheckedWith() {
    let state = MutableProperty(1)
    var received: [(Int, String)] = []
    let action = Action<String, Never, Never>(state: state, enabledIf: { $0 > 0 }) {
      value, input in
      received.append((value, input))
      return .empty
    }

    action.apply("a").start()
    state.value = 0
    let refused = Recorder<Never, ActionError<Never>>()
    action.apply("b").start(refused.observer)
    state.value = 7
    action.apply("c").start()

    #expect(received.map(\.0) == [1, 7])
    #expect(received.map(\.1) == ["a", "c"])
    #expect(refused.events == [.failed(.disabled)])
  }

  @Test func disposingTheRunInterruptsTheWorkAndEndsExecution() {
    let action = Action<Void, Int, Never> { SignalProducer<Int, Never>.never }
    var events: [Signal<Int, Never>.Event] = []
    action.events.observeValues { events.append($0) }

    let run = action.apply().start()
    #expect(action.isExecuting.value)
    run.dispose()

    #expect(events == [.interrupted])
    #expect(!action.isExecuting.value)
    #expect(action.isEnabled.value)
  }

  @Test func unwrappingIsEnabledOnlyForAValue() {
    let user = MutableProperty<String?>(nil)
    let action = Action(unwrapping: user) { (name: String) in
      SignalProducer<String, Never>(value: "hi \(name)")
    }
    #expect(!action.isEnabled.value)
    user.value = "Ada"
    #expect(action.isEnabled.value)
    var greetings: [String] = []
    action.values.observeValues { greetings.append($0) }
    action.apply().start()
    #expect(greetings == ["hi Ada"])
  }

  @Test func stateWithVoidInputHandsTheStateToTheWork() {
    let count = MutableProperty(3)
    let action = Action(state: count) { (value: Int) in
      SignalProducer<Int, Never>(value: value + 1)
    }
    var results: [Int] = []
    action.values.observeValues { results.append($0) }
    action.apply().start()
    count.value = 10
    action.apply().start()
    #expect(results == [4, 11])
  }

  @Test func validatedIsEnabledWhileTheStateIsValid() {
    let name = ValidatingProperty<String, TestError>("") { $0.isEmpty ? .invalid(.boom) : .valid }
    let action = Action(validated: name) { (value: String) in
      SignalProducer<Int, Never>(value: value.count)
    }
    #expect(!action.isEnabled.value)
    name.value = "Ada"
    #expect(action.isEnabled.value)
    var lengths: [Int] = []
    action.values.observeValues { lengths.append($0) }
    action.apply().start()
    #expect(lengths == [3])
  }

  @Test func theApplyProducerIsColdAndRunsOncePerStart() {
    var starts = 0
    let action = Action<Int, Int, Never> { input in
      SignalProducer { observer, _ in
        starts += 1
        observer.send(value: input)
        observer.sendCompleted()
      }
    }
    let producer = action.apply(5)
    #expect(starts == 0)
    producer.start()
    producer.start()
    #expect(starts == 2)
  }

  @Test func goingAwayCompletesItsSignalsAndEndsItsLifetime() {
    weak var weakAction: Action<Int, Int, Never>?
    var valuesCompleted = false
    var disabledCompleted = false
    var lifetimeEnded = false
    do {
      let action = Action<Int, Int, Never> { SignalProducer(value: $0) }
      weakAction = action
      action.values.observeCompleted { valuesCompleted = true }
      action.disabledErrors.observeCompleted { disabledCompleted = true }
      action.lifetime.observeEnded { lifetimeEnded = true }
      action.apply(1).start()
    }
    #expect(weakAction == nil)
    #expect(valuesCompleted)
    #expect(disabledCompleted)
    #expect(lifetimeEnded)
  }

  @Test func aRunningUnitKeepsTheActionAliveUntilItEnds() {
    let scheduler = TestScheduler()
    weak var weakAction: Action<Int, Int, TestError>?
    var values: [Int] = []
    do {
      let action = makeDoubler(on: scheduler)
      weakAction = action
      action.values.observeValues { values.append($0) }
      action.apply(21).start()
    }
    #expect(weakAction != nil)
    scheduler.advance()
    #expect(values == [42])
    #expect(weakAction == nil)
  }

  @Test func theActionKeepsItsStatePropertyAlive() {
    weak var weakState: MutableProperty<Bool>?
    var action: Action<Void, Void, Never>?
    do {
      let state = MutableProperty(true)
      weakState = state
      action = Action(enabledIf: state) { .empty }
    }
    #expect(weakState != nil)
    #expect(action?.isEnabled.value == true)
    action = nil
    #expect(weakState == nil)
  }

  @Test func bindingAppliesTheActionToEachValue() {
    let action = Action<Int, Int, Never> { SignalProducer(value: $0 * 10) }
    var values: [Int] = []
    action.values.observeValues { values.append($0) }
    let (signal, input) = Signal<Int, Never>.pipe()

    action <~ signal
    input.send(value: 1)
    input.send(value: 2)

    #expect(values == [10, 20])
  }

  @Test func actionErrorsCompareByCase() {
    #expect(ActionError<TestError>.disabled == .disabled)
    #expect(ActionError<TestError>.producerFailed(.boom) == .producerFailed(.boom))
    #expect(ActionError<TestError>.producerFailed(.boom) != .producerFailed(.other))
    #expect(ActionError<TestError>.disabled != .producerFailed(.boom))
  }

  @Test func concurrentAppliesStartOneUnitAtATime() async {
    let running = WorkflowReactive.Atomic(0)
    let maximum = WorkflowReactive.Atomic(0)
    let action = Action<Void, Void, Never> {
      SignalProducer { observer, _ in
        let now = running.modify { count -> Int in
          count += 1
          return count
        }
        maximum.modify { $0 = max($0, now) }
        running.modify { $0 -= 1 }
        observer.sendCompleted()
      }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<200 { action.apply().start() } }
      }
    }
    #expect(maximum.value == 1)
    #expect(!action.isExecuting.value)
    #expect(action.isEnabled.value)
  }
}
