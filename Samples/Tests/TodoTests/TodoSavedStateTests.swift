// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleTestSupport
import TerminalUI
import Testing
import Todo
import Workflow

/// Saved lists are checked as they are read: what could not work is refused (the list starts
/// empty and the host says why) or repaired, and nothing traps on this launch or the next.
@MainActor
@Suite struct TodoSavedStateTests {
  private func list(_ host: WorkflowHost<TodoWorkflow>) -> TodoListScreen {
    host.rendering.value.screens[0] as! TodoListScreen
  }

  /// A host restored from a root state written as `json`, and the reasons of what it skipped.
  private func restore(_ json: String) -> (WorkflowHost<TodoWorkflow>, [String]) {
    let snapshot = WorkflowSnapshot(
      root: .init(
        workflowType: String(reflecting: TodoWorkflow.self), key: "", state: Data(json.utf8),
        children: []))
    let recorder = SkipRecorder()
    let host = WorkflowHost(
      workflow: TodoWorkflow(), restoringFrom: snapshot, observers: [recorder])
    return (host, recorder.reasons.map(\.description))
  }

  @Test(arguments: [
    (#"{"todos": [], "nextID": "3"}"#, "expected Int at nextID"),
    (
      #"{"todos": [{"id": 1, "title": "a", "isDone": false}, {"id": 1, "title": "b", "isDone": true}], "nextID": 2}"#,
      "todo id 1 appears twice; every todo needs an id of its own (at todos)"
    ),
    (
      #"{"todos": [{"id": 9223372036854775807, "title": "a", "isDone": false}], "nextID": 1}"#,
      "todo id 9223372036854775807 leaves no id for a new todo (at todos)"
    ),
  ])
  func aListThatCannotWorkIsRefused(json: String, reason: String) {
    let (host, skipped) = restore(json)
    #expect(skipped == ["the saved state of Todo.TodoWorkflow could not be decoded: \(reason)"])
    #expect(list(host).rows.isEmpty)
    host.rendering.value.run("add works")
    #expect(list(host).rows.map(\.line) == ["1. [ ] works"])
  }

  @Test(arguments: [
    (#""nextID": 2"#, 3),  // equal to an existing id
    (#""nextID": -7"#, 3),
    (#""nextID": 9223372036854775807"#, 3),
    (#""nextID": 40"#, 40),  // above every id: kept
  ])
  func aNextIDThatWouldCollideOrOverflowIsRepaired(nextID: String, expected: Int) {
    let (host, skipped) = restore(
      #"{"todos": [{"id": 2, "title": "a", "isDone": false}, {"id": 1, "title": "b", "isDone": false}], \#(nextID)}"#
    )
    #expect(skipped.isEmpty)
    host.rendering.value.run("add c")
    host.rendering.value.run("add d")
    #expect(list(host).rows.map(\.line) == ["1. [ ] a", "2. [ ] b", "3. [ ] c", "4. [ ] d"])
    #expect(host.debugTree().children.map(\.key) == ["2", "1", "\(expected)", "\(expected + 1)"])
  }

  @Test func anEditorOpenOnATodoThatIsGoneIsClosedAndAPageOutOfRangeShowsTheNearest() {
    let (host, skipped) = restore(
      #"{"todos": [{"id": 1, "title": "a", "isDone": false}], "nextID": 2, "editingID": 5, "page": 99}"#
    )
    #expect(skipped.isEmpty)
    #expect(host.rendering.value.screens.count == 1)
    #expect(list(host).rows.map(\.line) == ["1. [ ] a"])
  }

  @Test func theLastIDIsNeverPassed() {
    let (host, _) = restore(#"{"todos": [], "nextID": 9223372036854775806}"#)
    host.rendering.value.run("add last")
    #expect(
      host.rendering.value.run("add one too many")
        == .refused("No id is left for a new todo; delete the list to start again."))
    #expect(list(host).rows.map(\.line) == ["1. [ ] last"])
    #expect(host.debugTree().children.map(\.key) == ["9223372036854775806"])
  }

  @Test func aListSavedWithAMessageByAnEarlierBuildStillReads() {
    let (host, skipped) = restore(
      #"{"todos": [{"id": 1, "title": "a", "isDone": false}], "nextID": 2, "message": "old"}"#)
    #expect(skipped.isEmpty)
    #expect(list(host).rows.map(\.line) == ["1. [ ] a"])
  }

  @Test func aListWrittenBeforePagesExistedStillReads() {
    let (host, skipped) = restore(
      #"{"todos": [{"id": 4, "title": "old", "isDone": true}], "nextID": 5}"#)
    #expect(skipped.isEmpty)
    #expect(list(host).rows.map(\.line) == ["1. [x] old"])
  }
}
