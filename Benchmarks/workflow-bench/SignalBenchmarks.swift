// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The reactive-layer scenarios S0-S5 of the Architecture article
/// (Workflow/Workflow.docc/Architecture.md, "Speed, measured").
@MainActor
enum SignalBenchmarks {
  static var scenarios: [Scenario] {
    [
      floor, pipeOneObserver, pipeTenObservers, operatorChain, observeDispose, property,
      propertyComposition,
    ]
  }

  private static let sends = 1_000_000
  private static let fanOutSends = 100_000
  private static let pairs = 100_000

  /// S0: S1's loop with the signal taken out, the floor S1 is compared with.
  private static let floor = Scenario(
    id: "S0", title: "floor: S1's loop calling the observer closure directly",
    kind: .time(operations: sends) {
      let total = Total()
      let action: (Int) -> Void = opaque { total.sum += $0 }
      return Scenario.Trial(
        run: { for value in 0..<sends { action(value) } },
        check: { total.sum == sum(below: sends) })
    })

  /// S1: the cost of one value through a pipe to one observer.
  private static let pipeOneObserver = Scenario(
    id: "S1", title: "pipe, 1 observer summing values, 1M sends; per event", target: 60,
    kind: .time(operations: sends) {
      let (signal, input) = Signal<Int, Never>.pipe()
      let total = Total()
      signal.observeValues { total.sum += $0 }
      return Scenario.Trial(
        run: { for value in 0..<sends { input.send(value: value) } },
        check: { total.sum == sum(below: sends) })
    })

  /// S2: one value delivered to ten observers.
  private static let pipeTenObservers = Scenario(
    id: "S2", title: "pipe, 10 observers, 100k sends; per send", target: 250,
    kind: .time(operations: fanOutSends) {
      let (signal, input) = Signal<Int, Never>.pipe()
      let totals = (0..<10).map { _ in Total() }
      for total in totals { signal.observeValues { total.sum += $0 } }
      return Scenario.Trial(
        run: { for value in 0..<fanOutSends { input.send(value: value) } },
        check: { totals.allSatisfy { $0.sum == sum(below: fanOutSends) } })
    })

  /// S3: a chain of three single-source operators on a signal.
  private static let operatorChain = Scenario(
    id: "S3", title: "map(+1) -> filter(even) -> map(*2), 1 observer, 1M sends; per send",
    target: 80,
    kind: .time(operations: sends) {
      let (signal, input) = Signal<Int, Never>.pipe()
      let total = Total()
      signal.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }.observeValues {
        total.sum += $0
      }
      // The values 1...sends that are even, doubled.
      let expected = 2 * 2 * sum(below: sends / 2 + 1)
      return Scenario.Trial(
        run: { for value in 0..<sends { input.send(value: value) } },
        check: { total.sum == expected })
    })

  /// S4: attaching an observer and detaching it again.
  private static let observeDispose = Scenario(
    id: "S4", title: "observe then dispose on one signal, 100k pairs; per pair", target: 250,
    kind: .time(operations: pairs) {
      let (signal, input) = Signal<Int, Never>.pipe()
      let total = Total()
      var disposed = 0
      return Scenario.Trial(
        run: {
          for _ in 0..<pairs {
            guard let disposable = signal.observeValues({ total.sum += $0 }) else { return }
            disposable.dispose()
            if disposable.isDisposed { disposed += 1 }
          }
        },
        check: {
          // Every observer is gone: a later value reaches none of them.
          input.send(value: 1)
          return disposed == pairs && total.sum == 0
        })
    })

  /// S5: setting a property observed through its producer.
  private static let property = Scenario(
    id: "S5", title: "MutableProperty, 1 observer of its producer, 1M sets; per set", target: 80,
    kind: .time(operations: sends) {
      let property = MutableProperty(0)
      let total = Total()
      let disposable = property.producer.startWithValues { total.sum += $0 }
      return Scenario.Trial(
        run: { for value in 0..<sends { property.value = value } },
        check: {
          defer { disposable.dispose() }
          return total.sum == sum(below: sends) && property.value == sends - 1
        })
    })

  /// S6: setting one source of a composed property (`combineLatest(with:)` then `map`) that one
  /// observer follows through its producer.
  private static let propertyComposition = Scenario(
    id: "S6",
    title: "composed property a.combineLatest(with: b).map(+), 1 observer, 1M sets; per set",
    kind: .time(operations: sends) {
      let a = MutableProperty(0)
      let b = MutableProperty(1)
      let composed = a.combineLatest(with: b).map { $0 + $1 }
      let total = Total()
      let disposable = composed.producer.startWithValues { total.sum += $0 }
      return Scenario.Trial(
        run: { for value in 0..<sends { a.value = value } },
        check: {
          defer { disposable.dispose() }
          // The initial 0 + 1, then value + 1 for each set.
          return total.sum == 1 + sum(below: sends) + sends && composed.value == sends
        })
    })

  /// 0 + 1 + ... + (n - 1).
  private static func sum(below n: Int) -> Int { n * (n - 1) / 2 }
}

/// A running total an observer adds to.
private final class Total {
  var sum = 0
}
