// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The `Action` scenario: what one unit of work costs on top of the producer it runs.
@MainActor
enum ActionBenchmarks {
  static var scenarios: [Scenario] { [applyStart] }

  private static let applications = 100_000

  /// A1: apply, start, one value delivered to the run and to `values`, completion.
  private static let applyStart = Scenario(
    id: "A1",
    title: "Action: apply + start, 1 value to the run and to values, 100k units; per unit",
    kind: .time(operations: applications) {
      let action = Action<Int, Int, Never> { input in SignalProducer(value: input) }
      let fromValues = Total()
      let fromRuns = Total()
      action.values.observeValues { fromValues.sum += $0 }
      return Scenario.Trial(
        run: {
          for input in 0..<applications {
            action.apply(input).startWithValues { fromRuns.sum += $0 }
          }
        },
        check: {
          let expected = applications * (applications - 1) / 2
          return fromValues.sum == expected && fromRuns.sum == expected
            && !action.isExecuting.value && action.isEnabled.value
        })
    })
}

/// A running total an observer adds to.
private final class Total {
  var sum = 0
}
