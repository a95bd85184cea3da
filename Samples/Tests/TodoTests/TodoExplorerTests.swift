// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import TerminalUI
import Testing
import Todo
import Workflow
import WorkflowTesting

/// Explores the list and the editor: adding, ticking, editing, deleting, paging and undoing.
@MainActor
@Suite struct TodoExplorerTests {
  static let commands = CommandMoves(["title": ["milk", "walk the dog"], "number": ["1"]])

  @Test func idsStayUniqueAndUndoRestoresTheListBeforeTheStep() {
    var undos = 0
    let result = WorkflowExplorer(
      workflow: TodoWorkflow(), workflowCode: "TodoWorkflow()",
      moves: { Self.commands.moves(for: $0) }
    )
    .invariant("ids are unique and below the next id") { step in
      let state = step.state
      let ids = state.todos.map(\.id)
      var problems: [String] = []
      if Set(ids).count != ids.count { problems.append("ids repeat: \(ids)") }
      if let largest = ids.max(), largest >= state.nextID {
        problems.append("id \(largest) is not below the next id \(state.nextID)")
      }
      if step.move == "tester.host?.undo()" { undos += 1 }
      return problems
    }
    .checkingUndo()
    .checkingSnapshots()
    .check(budget: .runs(30, movesPerRun: 40))
    #expect(result.counterexample == nil)
    // Undo was explored, not only offered.
    #expect(undos > 0)
  }
}
