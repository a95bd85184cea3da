// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import Todo
import Workflow
import WorkflowReactive

@MainActor
@Suite struct TodoSnapshotTests {
  private func list(_ host: WorkflowHost<TodoWorkflow>) -> TodoListScreen {
    host.rendering.value.screens[0] as! TodoListScreen
  }

  @Test func openEditorWithAnUnsavedDraftIsRestored() throws {
    let host = WorkflowHost(workflow: TodoWorkflow())
    host.rendering.value.run("add buy milk")
    host.rendering.value.run("add call mum")
    host.rendering.value.run("done 1")
    host.rendering.value.run("edit 2")
    host.rendering.value.run("rename call dad")
    let restored = try SnapshotRoundTrip(of: host, restoringInto: TodoWorkflow())
    #expect(restored.skipped.isEmpty)
    #expect(restored.snapshot.root.deepestSavedPath == ["TodoWorkflow", "TodoEditorWorkflow"])
    #expect(restored.host.rendering.value.text == host.rendering.value.text)
    #expect((restored.host.rendering.value.top as? TodoEditorScreen)?.hasChanges == true)
    // The restored tree is live: saving the draft reaches the restored list.
    restored.host.rendering.value.run("save")
    #expect(list(restored.host).rows.map(\.line) == ["1. [x] buy milk", "2. [ ] call dad"])
  }

  @Test func restoredListKeepsNumberingNewTodos() throws {
    let host = WorkflowHost(workflow: TodoWorkflow())
    host.rendering.value.run("add a")
    host.rendering.value.run("add b")
    host.rendering.value.run("delete 2")
    let restored = try SnapshotRoundTrip(of: host, restoringInto: TodoWorkflow()).host
    restored.rendering.value.run("add c")
    #expect(list(restored).rows.map(\.line) == ["1. [ ] a", "2. [ ] c"])
    #expect(restored.debugTree().children.map(\.key) == ["1", "3"])
  }

  @Test func stateThatDoesNotDecodeStartsAnEmptyList() {
    let snapshot = WorkflowSnapshot(
      root: .init(
        workflowType: String(reflecting: TodoWorkflow.self), key: "",
        state: Data(#"{"todos": "milk"}"#.utf8), children: []))
    let recorder = SkipRecorder()
    let host = WorkflowHost(
      workflow: TodoWorkflow(), restoringFrom: snapshot, observers: [recorder])
    #expect(list(host).rows.isEmpty)
    guard case .decodingFailed(let type, _)? = recorder.reasons.first else {
      Issue.record("expected a decoding failure, got \(recorder.reasons)")
      return
    }
    #expect(type == "Todo.TodoWorkflow")
  }

  @Test func stateFileFollowsTheEnvironment() throws {
    let state = URL(fileURLWithPath: "/state", isDirectory: true)
    #expect(
      TodoStateFile.url(stateDirectory: state, variables: [:]).path == "/state/todo/todos.json")
    #expect(
      TodoStateFile.url(stateDirectory: state, variables: ["TODO_FILE": "/tmp/t.json"]).path
        == "/tmp/t.json")
    #expect(
      TodoStateFile.url(stateDirectory: state, variables: ["TODO_FILE": ""]).path
        == "/state/todo/todos.json")
    let environment = SampleEnvironment(
      scheduler: TestScheduler(), stateDirectory: state,
      variables: ["TODO_FILE": "/tmp/u.json"])
    #expect(TodoStateFile.url(environment: environment).path == "/tmp/u.json")
    #expect(
      try SampleEnvironment.stateDirectory(in: ["XDG_STATE_HOME": "/x", "HOME": "/h"]).path
        == "/x")
    #expect(try SampleEnvironment.stateDirectory(in: ["HOME": "/h"]).path == "/h/.local/state")
    // A relative XDG_STATE_HOME is passed over; an empty or relative HOME is refused.
    #expect(
      try SampleEnvironment.stateDirectory(in: ["XDG_STATE_HOME": "x", "HOME": "/h"]).path
        == "/h/.local/state")
    for home in ["", "h", "./h"] {
      #expect(throws: StateDirectoryProblem(home: home)) {
        try SampleEnvironment.stateDirectory(in: ["XDG_STATE_HOME": "x", "HOME": home])
      }
    }
  }
}
