// SPDX-License-Identifier: Apache-2.0

// The code of the "Coming from ReactiveSwift" article
// (WorkflowReactive.docc/ComingFromReactiveSwift.md), which quotes it; the tests check that it
// does what the article says.

import Testing
import WorkflowReactive

extension Signal where Value == Int {
  func doubledValues() -> Signal<Int, Error> { map { $0 * 2 } }
}

final class Controller {
  private let token = Lifetime.Token()
  var lifetime: Lifetime { Lifetime(token) }
}

@Suite struct ComingFromReactiveSwiftTests {
  @Test func liftAppliesASignalOperatorToEachRun() {
    let doubled = SignalProducer<Int, Never>([1, 2]).lift { $0.doubledValues() }
    var values: [Int] = []
    doubled.startWithValues { values.append($0) }
    #expect(values == [2, 4])
  }

  @Test func aControllerLifetimeEndsWithItsToken() {
    var controller: Controller? = Controller()
    let lifetime = controller!.lifetime
    controller = nil
    #expect(lifetime.hasEnded)
  }

  @Test func theHandleRemovesWhatWasAdded() {
    let group = CompositeDisposable()
    let handle = group += AnyDisposable { print("cleaned up") }
    handle?.dispose()  // removed: disposing the group no longer runs it
    #expect(!group.isDisposed)
  }

  @Test func composedProperties() {
    let name = MutableProperty("Ada")
    let isEditing = MutableProperty(false)
    let title = name.combineLatest(with: isEditing).map { name, editing in
      editing ? "Editing \(name)" : name
    }
    let canSave = Property.all([isEditing.negate(), name.map { !$0.isEmpty }])
    #expect(canSave.value)
    isEditing.value = true
    #expect(title.value == "Editing Ada")
    #expect(!canSave.value)
  }

  @Test func watchingTheEndOfASignal() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var hasEnded = false
    signal.observe { event in
      if event.isTerminating { hasEnded = true }
    }
    input.sendCompleted()
    #expect(hasEnded)
  }

  @Test func sendingTheNextValueThroughAScheduler() {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, Never>.pipe()
    var received: [Int] = []
    signal.observeValues { received.append($0) }
    signal.observe(on: scheduler).observeValues { value in
      if value < 3 { input.send(value: value + 1) }
    }
    input.send(value: 1)
    scheduler.run()
    #expect(received == [1, 2, 3])
  }

  @Test func schedulingAtADateOrAnInstant() {
    let scheduler = TestScheduler()
    var fired: [String] = []
    scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(2)) {
      fired.append("date")
    }
    scheduler.schedule(after: scheduler.now + .seconds(2)) {
      fired.append("instant")
    }
    scheduler.advance(by: .seconds(1))
    #expect(fired == [])
    scheduler.advance(by: .seconds(1))
    #expect(fired == ["date", "instant"])
  }
}
