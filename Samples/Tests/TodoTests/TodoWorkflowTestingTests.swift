// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@testable import Todo

@MainActor
@Suite struct TodoWorkflowTestingTests {
  @Test func aRowOpensTheEditor() {
    let milk = Todo(id: 1, title: "milk")
    var state = TodoWorkflow.State()
    state.todos = [milk]
    state.nextID = 2
    let stubRow = TodoRow(line: "stub", onToggle: {}, onDelete: {}, onOpen: {})
    TodoWorkflow()
      .renderTester(initialState: state)
      .expectWorkflow(
        type: TodoRowWorkflow.self, key: "1", producingRendering: stubRow, producingOutput: .open
      ) { row in
        #expect(row.todo == milk)
        #expect(row.number == 1)
      }
      .render { screen in
        #expect(screen.screens.count == 1)
      }
      .assertStateModifications { $0.editingID = 1 }
  }

  @Test func addFromTheListScreenAppendsATodo() {
    TodoWorkflow()
      .renderTester()
      .render { screen in
        (screen.screens[0] as! TodoListScreen).onAdd("bread")
      }
      .assertStateModifications { state in
        state.todos = [Todo(id: 1, title: "bread")]
        state.nextID = 2
      }
  }

  @Test func hostAddsAndTogglesThroughTheScreens() async {
    let tester = WorkflowHostTester(workflow: TodoWorkflow())
    tester.send { ($0.screens[0] as! TodoListScreen).onAdd("milk") }
    let added = await tester.awaitNextRendering()
    #expect((added?.screens[0] as? TodoListScreen)?.rows.map(\.line) == ["1. [ ] milk"])
    tester.send { ($0.screens[0] as! TodoListScreen).rows[0].onToggle() }
    let toggled = await tester.awaitNextRendering()
    #expect((toggled?.screens[0] as? TodoListScreen)?.rows.map(\.line) == ["1. [x] milk"])
    tester.finish()
  }
}
