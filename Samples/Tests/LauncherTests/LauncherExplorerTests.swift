// SPDX-License-Identifier: Apache-2.0

import Launcher
import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

/// Explores the launcher: opening each app, using it a little, and going back to the menu.
@MainActor
@Suite struct LauncherExplorerTests {
  static let commands = CommandMoves([
    "email": ["player@example.com"], "password": ["password"], "title": ["milk"],
    "name": ["tea"], "seconds": ["1"], "number": ["1"], "query": ["ap"], "text": ["hi"],
  ])

  @Test func switchingAppsNeverLosesTheMenu() {
    var appsOpened: Set<SampleApp> = []
    let result = WorkflowExplorer(
      workflowCode: "LauncherWorkflow(environment: .exploring(on: scheduler))",
      moves: { Self.commands.moves(for: $0) + [.advance(by: .seconds(1))] },
      makeWorkflow: { LauncherWorkflow(environment: .exploring(on: $0)) }
    )
    .invariant("switching apps never loses the menu") { step in
      let names = step.rendering.commands.map(\.name)
      switch step.state.front {
      case nil:
        return step.rendering.title == "Workflow samples" && names == ["open"]
          ? [] : ["the menu shows \"\(step.rendering.title)\" with \(names)"]
      case let app?:
        appsOpened.insert(app)
        var problems: [String] = []
        if step.move == "tester.send { $0.run(\"menu\") }" {
          problems.append("'menu' left \(app) running")
        }
        if names.filter({ $0 == "menu" }).count != 1 {
          problems.append("\(app) offers 'menu' \(names.filter { $0 == "menu" }.count) times")
        }
        return problems
      }
    }
    .check(budget: .runs(30, movesPerRun: 30))
    #expect(result.counterexample == nil)
    #expect(appsOpened == Set(SampleApp.allCases))
  }
}
