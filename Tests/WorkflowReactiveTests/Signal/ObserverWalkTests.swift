// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

/// A walk over a signal's observer list reads the entries without retaining them, so the list
/// keeps what a walk reads alive and unchanged until the walk ends, however the observers change
/// the list meanwhile.
@Suite struct ObserverWalkTests {
  /// An observer for the list under test, subscribed to a core of its own.
  private final class Probe {
    let name: String
    init(_ name: String) { self.name = name }
  }

  private let core = SignalCore<Int, Never>()

  private func subscription() -> SignalSubscription {
    core.observe(Signal.Observer { _ in }) as! SignalSubscription
  }

  private func names(_ walk: ObserverWalk) -> [String] {
    var names: [String] = []
    walk.forEachActiveObserver(as: Probe.self) { names.append($0.name) }
    return names
  }

  @Test func walkReadsTheEntriesAsTheyWereWhenItBegan() {
    var list = SignalObserverList()
    let first = subscription()
    list.append(Probe("a"), for: first)
    list.append(Probe("b"), for: subscription())
    let walk = list.beginWalk()
    _ = list.remove(first)
    list.append(Probe("c"), for: subscription())
    #expect(names(walk) == ["a", "b"])
    #expect(list.endWalk() != nil)
    #expect(names(list.beginWalk()) == ["b", "c"])
    _ = list.endWalk()
  }

  @Test func walkSkipsObserversWhoseSubscriptionEnded() {
    var list = SignalObserverList()
    let ended = subscription()
    list.append(Probe("a"), for: ended)
    list.append(Probe("b"), for: subscription())
    let walk = list.beginWalk()
    ended.dispose()
    #expect(names(walk) == ["b"])
    _ = list.endWalk()
  }

  @Test func observerRemovedDuringAWalkLivesUntilTheWalkEnds() {
    var list = SignalObserverList()
    let entry = subscription()
    weak var removed: Probe?
    do {
      let probe = Probe("a")
      removed = probe
      list.append(probe, for: entry)
    }
    let walk = list.beginWalk()
    _ = list.remove(entry)
    #expect(removed != nil)
    #expect(names(walk) == ["a"])
    let setAside = list.endWalk()
    #expect(setAside?.count == 1)
    #expect(removed != nil)
    _ = consume setAside
    #expect(removed == nil)
  }

  @Test func walkDuringWhichNothingChangedSetsNothingAside() {
    var list = SignalObserverList()
    list.append(Probe("a"), for: subscription())
    let walk = list.beginWalk()
    #expect(walk.count == 1)
    #expect(list.isWalking)
    #expect(list.endWalk() == nil)
    #expect(!list.isWalking)
  }

  @Test func nestedWalkReadsStorageKeptForIt() {
    var list = SignalObserverList()
    let first = subscription()
    list.append(Probe("a"), for: first)
    let outer = list.beginWalk()
    list.append(Probe("b"), for: subscription())
    let inner = list.beginWalk()
    _ = list.remove(first)
    list.append(Probe("c"), for: subscription())
    #expect(names(inner) == ["a", "b"])
    #expect(list.endWalk()?.count == 2)
    #expect(names(outer) == ["a"])
    #expect(list.endWalk()?.count == 1)
    #expect(list.count == 2)
  }

  @Test func removingEveryEntryDuringAWalkKeepsTheWalkedOnes() {
    var list = SignalObserverList()
    list.append(Probe("a"), for: subscription())
    list.append(Probe("b"), for: subscription())
    let walk = list.beginWalk()
    #expect(list.removeAll().count == 2)
    #expect(list.isEmpty)
    #expect(names(walk) == ["a", "b"])
    #expect(list.endWalk()?.count == 2)
  }
}
