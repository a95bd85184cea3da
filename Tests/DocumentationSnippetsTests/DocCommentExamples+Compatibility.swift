// SPDX-License-Identifier: Apache-2.0

// The code examples of the doc comments of WorkflowReactive's ReactiveSwift 7 vocabulary
// (Action, ValidatingProperty, Atomic, Bag, binding targets, the reactive namespace), each
// compiled here in a context that gives it what it names. ArticleCodeTests finds each example
// here, line for line; change both together.

import Foundation
import Testing
import WorkflowReactive

// MARK: Atomic

func atomicExample() -> Int {
  let count = Atomic(0)
  count.modify { $0 += 1 }
  let previous = count.swap(10)  // 1
  return previous
}

// MARK: Bag

func bagExample() {
  var handlers = Bag<() -> Void>()
  let token = handlers.insert { print("hi") }
  handlers.forEach { $0() }
  handlers.remove(using: token)
}

// MARK: Action

enum SaveError: Error {
  case offline
}

struct DraftStore {
  func save(_ text: String) -> SignalProducer<Bool, SaveError> {
    SignalProducer(value: !text.isEmpty)
  }
}

func actionExample(isOnline: MutableProperty<Bool>, store: DraftStore) {
  let save = Action<String, Bool, SaveError>(enabledIf: isOnline) { text in
    store.save(text)
  }
  save.values.observeValues { saved in print(saved) }
  save.apply("draft").start()
}

// MARK: ValidatingProperty

enum NameError: Error, Equatable {
  case empty
}

func validatingPropertyExample() -> ValidatingProperty<String, NameError> {
  let name = ValidatingProperty<String, NameError>("") { proposed in
    proposed.isEmpty ? .invalid(.empty) : .valid
  }
  name.value = "Ada"  // name.result.value == .valid("Ada")
  name.value = ""  // .invalid("", .empty); name.value is still "Ada"
  return name
}

// MARK: BindingTarget

func bindingTargetExample(names: MutableProperty<String>) -> Lifetime.Token {
  let (lifetime, token) = Lifetime.make()
  let printer = BindingTarget<String>(lifetime: lifetime) { print($0) }
  printer <~ names.producer
  return token
}

// MARK: Reactive

final class Thermometer: ReactiveExtensionsProvider {
  let readingsSignal: Signal<Double, Never>
  let readingsInput: Signal<Double, Never>.Observer
  init() { (readingsSignal, readingsInput) = Signal.pipe() }
}

extension Reactive where Base: Thermometer {
  var readings: Signal<Double, Never> { base.readingsSignal }
}

// MARK: NotificationCenter.reactive

extension Notification.Name {
  static let settingsChanged = Notification.Name("settingsChanged")
}

func reload() {}

func notificationsExample() {
  NotificationCenter.default.reactive
    .notifications(forName: .settingsChanged)
    .observeValues { _ in reload() }
}

@Suite struct CompatibilityDocCommentExampleTests {
  @Test func theAtomicExampleSwapsOutOne() {
    #expect(atomicExample() == 1)
  }

  @Test func theValidatingPropertyExampleKeepsTheValidValue() {
    let name = validatingPropertyExample()
    #expect(name.value == "Ada")
    #expect(name.result.value == .invalid("", .empty))
  }

  @Test func theReactiveExampleReachesTheReadings() {
    let thermometer = Thermometer()
    var readings: [Double] = []
    thermometer.reactive.readings.observeValues { readings.append($0) }
    thermometer.readingsInput.send(value: 21.5)
    #expect(readings == [21.5])
  }
}
