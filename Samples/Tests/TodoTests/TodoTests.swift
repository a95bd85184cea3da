// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import TerminalUI
import Testing
import Todo
import Workflow

@MainActor
@Suite struct TodoTests {
  private func list(_ host: WorkflowHost<TodoWorkflow>) -> TodoListScreen {
    host.rendering.value.screens[0] as! TodoListScreen
  }

  @Test func startsWithAnEmptyList() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    #expect(list(host).rows.isEmpty)
    #expect(host.rendering.value.text.contains("Nothing to do."))
  }

  @Test func addCompleteAndDeleteByNumber() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    host.rendering.value.run("add buy milk")
    host.rendering.value.run("add walk the dog")
    #expect(list(host).rows.map(\.line) == ["1. [ ] buy milk", "2. [ ] walk the dog"])
    host.rendering.value.run("done 2")
    #expect(list(host).rows[1].line == "2. [x] walk the dog")
    host.rendering.value.run("delete 1")
    #expect(list(host).rows.map(\.line) == ["1. [x] walk the dog"])
  }

  @Test func aBadRowNumberIsTheCommandsReplyAndChangesNothing() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    #expect(
      host.rendering.value.run("done 1")
        == .refused("There are no todos yet; add one with 'add <title>'."))
    host.rendering.value.run("add a")
    let before = host.rendering.value.text
    for number in ["7", "0", "-1", "9223372036854775807", "99999999999999999999"] {
      #expect(
        host.rendering.value.run("edit \(number)")
          == .refused("There is no todo \(number); the only one is 1."))
    }
    // Int.min - 1 used to trap.
    #expect(
      host.rendering.value.run("delete -9223372036854775808")
        == .refused("There is no todo -9223372036854775808; the only one is 1."))
    #expect(host.rendering.value.run("done x") == .usageError("invalid <number>: 'x' (1 to 1)"))
    #expect(host.rendering.value.run("done -") == .usageError("invalid <number>: '-' (1 to 1)"))
    #expect(host.rendering.value.text == before)
  }

  @Test func aRefusalIsNotOnTheNextScreen() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    host.rendering.value.run("add a")
    host.rendering.value.run("done 9")
    host.rendering.value.run("add b")
    #expect(list(host).rows.map(\.line) == ["1. [ ] a", "2. [ ] b"])
    #expect(host.rendering.value.render(width: 80) == ["Todos", "-----", "1. [ ] a", "2. [ ] b"])
  }

  @Test func emptyTitleIsAUsageError() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    let add = host.rendering.value.commands.first { $0.name == "add" }!
    #expect(add.perform(["  "]) == .usageError("the title is empty"))
    #expect(host.rendering.value.run("add") == .usageError("missing arguments"))
  }

  @Test func editorIsPushedOnTheBackStack() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    host.rendering.value.run("add buy milk")
    host.rendering.value.run("edit 1")
    #expect(host.rendering.value.screens.count == 2)
    #expect(host.rendering.value.top is TodoEditorScreen)
    #expect(host.rendering.value.render(width: 80).first == "Todos > buy milk")
  }

  @Test func renameIsADraftUntilSaved() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    host.rendering.value.run("add buy milk")
    host.rendering.value.run("edit 1")
    host.rendering.value.run("rename buy oat milk")
    host.rendering.value.run("toggle")
    #expect((host.rendering.value.top as! TodoEditorScreen).hasChanges)
    #expect(list(host).rows[0].line == "1. [ ] buy milk")
    host.rendering.value.run("save")
    #expect(host.rendering.value.screens.count == 1)
    #expect(list(host).rows[0].line == "1. [x] buy oat milk")
  }

  @Test func backDropsTheDraft() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    host.rendering.value.run("add buy milk")
    host.rendering.value.run("edit 1")
    host.rendering.value.run("rename other")
    host.rendering.value.run("back")
    #expect(list(host).rows[0].line == "1. [ ] buy milk")
  }

  @Test func deleteFromTheEditorClosesIt() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    host.rendering.value.run("add a")
    host.rendering.value.run("edit 1")
    host.rendering.value.run("delete")
    #expect(host.rendering.value.screens.count == 1)
    #expect(list(host).rows.isEmpty)
  }

  @Test func rowsAreKeyedChildrenByID() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    host.rendering.value.run("add a")
    host.rendering.value.run("add b")
    let keys = host.debugTree().children.map(\.key)
    #expect(keys.contains("1"))
    #expect(keys.contains("2"))
  }
}

@MainActor
@Suite struct TodoTitleLimitTests {
  @Test func aTitleOverTheLimitIsRefusedWithTheLimit() {
    let host = WorkflowHost(workflow: TodoWorkflow())
    let long = String(repeating: "x", count: Todo.titleLimit + 1)
    let refusal = CommandResult.refused("A title has at most 1000 characters; shorten this one.")
    #expect(host.rendering.value.run("add \(long)") == refusal)
    #expect(host.rendering.value.run("add " + String(long.dropLast())) == .done)
    host.rendering.value.run("edit 1")
    #expect(host.rendering.value.run("rename \(long)") == refusal)
  }
}
