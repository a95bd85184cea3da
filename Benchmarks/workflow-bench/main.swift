// SPDX-License-Identifier: Apache-2.0

import Glibc

// Each benchmark file contributes its list; the order here is the order of a full run.
let allScenarios =
  SignalBenchmarks.scenarios + ActionBenchmarks.scenarios + RuntimeBenchmarks.scenarios
  + ObservationBenchmarks.scenarios
  + TracingBenchmarks.scenarios + SnapshotBenchmarks.scenarios + HistoryBenchmarks.scenarios
  + ReplSessionBenchmarks.scenarios

let usage = """
  usage: workflow-bench [--json] [--repetitions N] [SCENARIO-ID ...]

  Runs the benchmark scenarios (all of them when no id is given) and prints one row per
  scenario: the median, min and max ns per operation over \(Harness().repetitions) repetitions
  after a warm-up, the target, and whether the scenario's result check passed (a memory
  scenario prints bytes per node instead). Build with -c release for meaningful figures.

  options:
    --json             print one JSON object instead of the table
    --repetitions N    measured repetitions per scenario (default \(Harness().repetitions)); 1 is
                       handy under a profiler
    -h, --help         print this help

  scenarios:
  \(allScenarios.map { "  " + $0.id + "  " + $0.title }.joined(separator: "\n"))

  exit status: 0 when every result check passed, 1 when one failed, 2 on a usage error.
  """

func fail(_ message: String) -> Never {
  var standardError = StandardError()
  print("workflow-bench: \(message)", to: &standardError)
  print("Run 'workflow-bench --help' for usage.", to: &standardError)
  exit(2)
}

struct StandardError: TextOutputStream {
  mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = Glibc.write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
  }
}

var printsJSON = false
var harness = Harness()
var selected: [Scenario] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--json":
    printsJSON = true
  case "--repetitions":
    guard let count = arguments.popFirst().flatMap({ Int($0) }), count > 0 else {
      fail("--repetitions needs a positive number.")
    }
    harness.repetitions = count
  case "-h", "--help":
    print(usage)
    exit(0)
  case _ where argument.hasPrefix("-"):
    fail("unknown option '\(argument)'.")
  default:
    guard
      let scenario = allScenarios.first(where: { $0.id.lowercased() == argument.lowercased() })
    else {
      let known = allScenarios.map(\.id).joined(separator: ", ")
      fail("unknown scenario '\(argument)'. Known scenarios: \(known).")
    }
    if !selected.contains(where: { $0.id == scenario.id }) { selected.append(scenario) }
  }
}
if selected.isEmpty { selected = allScenarios }

let titleWidth = Report.titleWidth(for: selected)
var outcomes: [Outcome] = []
if !printsJSON { print(Report.header(titleWidth: titleWidth)) }
for scenario in selected {
  let outcome = harness.run(scenario)
  outcomes.append(outcome)
  if !printsJSON {
    print(Report.row(outcome, titleWidth: titleWidth))
    // Rows of a long run appear as they finish, even through a pipe.
    fflush(nil)
  }
}
if printsJSON { print(Report.json(outcomes)) }
exit(outcomes.allSatisfy(\.isCorrect) ? 0 : 1)
