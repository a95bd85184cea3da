// SPDX-License-Identifier: Apache-2.0

// The code examples of the WorkflowReactive module's doc comments, each compiled here in a
// context that gives it what it names; where a comment states a result, a test below checks
// it. ArticleCodeTests finds each example here, line for line; change both together.

import Foundation
import Synchronization
import Testing
import WorkflowReactive

// MARK: Lifetime

final class Store {
  let lifetime: Lifetime
  private let token: Lifetime.Token
  init() { (lifetime, token) = Lifetime.make() }
}

// MARK: SignalProducer.lift(_:)

extension Signal where Value == Int {
  func doubled() -> Signal<Int, Error> { map { $0 * 2 } }
}
let doubled = SignalProducer<Int, Never>([1, 2]).lift { $0.doubled() }

// MARK: SignalProducer.startWithSignal(_:)

func printValues(of producer: SignalProducer<Int, Never>, during lifetime: Lifetime) {
  producer.startWithSignal { signal, interruptHandle in
    signal.observeValues { print($0) }
    lifetime += interruptHandle
  }
}

// MARK: PropertyProtocol.combineLatest(with:)

func summaryExample() -> Property<String> {
  let name = MutableProperty("Ada")
  let age = MutableProperty(36)
  let summary = name.combineLatest(with: age).map { "\($0), \($1)" }
  return summary
}

// MARK: PropertyProtocol.flatMap(_:_:)

/// A document whose title can change, as the example's list holds them.
final class Document: Sendable {
  let title = MutableProperty("Untitled")
}

func titleExample(documents: [Document]) -> Property<String> {
  let selected = MutableProperty(0)
  let title = selected.flatMap(.latest) { index in documents[index].title }
  return title
}

// MARK: SignalProducer.timer(interval:on:leeway:)

func timerExample() -> SignalProducer<Date, Never> {
  let ticks = SignalProducer.timer(interval: .seconds(1), on: QueueScheduler.main)
  return ticks
}

func instantTimerExample() -> SignalProducer<ContinuousClock.Instant, Never> {
  let ticks: SignalProducer<ContinuousClock.Instant, Never> =
    .timer(interval: .seconds(1), on: QueueScheduler.main)
  return ticks
}

// MARK: SignalProducer.concat(_:)

func concatExample() -> SignalProducer<String, Never> {
  let greeting = SignalProducer<String, Never>(value: "Hello")
    .concat(SignalProducer(value: "world"))
  return greeting
}

// MARK: AsyncValues

func printEachValue(of property: MutableProperty<Int>) async {
  for await value in property.values {
    print(value)
  }
}

// MARK: SignalProducer.init(_:) with an async operation

/// A user, as the example's client returns it.
struct User: Sendable, Equatable {
  var name: String
}

/// A stand-in for a network client.
struct UserAPI: Sendable {
  func fetchUser() async throws -> User { User(name: "Ada") }
}

func userProducer(api: UserAPI) -> SignalProducer<User, any Error> {
  let user = SignalProducer<User, any Error> { try await api.fetchUser() }
  return user
}

// MARK: SignalProtocol, SignalProducerProtocol

extension SignalProtocol where Value == Int {
  var doubled: Signal<Int, Error> { signal.map { $0 * 2 } }
}

extension SignalProducerProtocol where Value == Int {
  var doubled: SignalProducer<Int, Error> { producer.map { $0 * 2 } }
}

// MARK: Checks of what the comments say

@Suite struct WorkflowReactiveDocCommentExamples {
  @Test func aStoresLifetimeEndsWithTheStore() {
    var store: Store? = Store()
    let ended = Mutex(false)
    store?.lifetime.observeEnded { ended.withLock { $0 = true } }
    #expect(!ended.withLock { $0 })
    store = nil
    #expect(ended.withLock { $0 })
  }

  @Test func aMappedPropertyFollowsItsSource() {
    let count = MutableProperty(1)
    let label = count.map { "\($0) items" }
    count.value = 2  // label.value == "2 items"
    #expect(label.value == "2 items")
  }

  @Test func aTestSchedulerRunsAnActionWhenItsDateIsReached() {
    let scheduler = TestScheduler()
    var fired = false
    scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(2)) {
      fired = true
    }
    scheduler.advance(by: .seconds(1))  // fired == false
    scheduler.advance(by: .seconds(1))  // fired == true
    #expect(fired)
  }

  @Test func constrainedExtensionsReachSignalsAndProducers() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var seen: [Int] = []
    signal.doubled.observeValues { seen.append($0) }
    input.send(value: 21)
    SignalProducer<Int, Never>(value: 4).doubled.startWithValues { seen.append($0) }
    #expect(seen == [42, 8])
  }

  @Test func theAsyncProducerSendsTheResult() async throws {
    let values = userProducer(api: UserAPI()).values
    var users: [User] = []
    for try await user in values { users.append(user) }
    #expect(users == [User(name: "Ada")])
  }
}
