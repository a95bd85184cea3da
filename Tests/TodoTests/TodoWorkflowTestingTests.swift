// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@testable import Todo

@MainActor
@Suite struct TodoWorkflowTestingTests {
  let folder = TemporaryFolder()

  @Test func changedListSavesAndARowOpensTheEditor() {
    let store = folder.store
    let milk = Todo(id: 1, title: "milk")
    var state = TodoWorkflow.State()
    state.todos = [milk]
    state.nextID = 2
    state.revision = 1
    let stubRow = TodoRow(line: "stub", onToggle: {}, onDelete: {}, onOpen: {})
    TodoWorkflow(store: store)
      .renderTester(initialState: state)
      .expectWorker(SaveTodosWorker(revision: 1, todos: [milk], store: store))
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
    TodoWorkflow(store: folder.store)
      .renderTester()
      .render { screen in
        (screen.screens[0] as! TodoListScreen).onAdd("bread")
      }
      .assertStateModifications { state in
        state.todos = [Todo(id: 1, title: "bread")]
        state.nextID = 2
        state.revision = 1
      }
  }

  @Test func hostAddsAndTogglesThroughTheScreens() async {
    let tester = WorkflowHostTester(workflow: TodoWorkflow(store: folder.store))
    tester.send { ($0.screens[0] as! TodoListScreen).onAdd("milk") }
    let added = await tester.awaitNextRendering()
    #expect((added?.screens[0] as? TodoListScreen)?.rows.map(\.line) == ["1. [ ] milk"])
    tester.send { ($0.screens[0] as! TodoListScreen).rows[0].onToggle() }
    let toggled = await tester.awaitNextRendering()
    #expect((toggled?.screens[0] as? TodoListScreen)?.rows.map(\.line) == ["1. [x] milk"])
    #expect(folder.store.load() == .loaded([Todo(id: 1, title: "milk", isDone: true)]))
    // The save worker stays rendered while the list has changes, but its work has ended, so
    // finish() has nothing to report.
    tester.finish()
  }
}
