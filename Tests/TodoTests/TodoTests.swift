// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import Todo
import Workflow

/// A fresh temporary folder, removed when the test ends.
final class TemporaryFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-tests-\(UUID().uuidString)", isDirectory: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  var store: TodoStore { TodoStore(fileURL: url.appendingPathComponent("todo/todos.json")) }
}

@MainActor
@Suite struct TodoTests {
  let folder = TemporaryFolder()

  private func list(_ host: WorkflowHost<TodoWorkflow>) -> TodoListScreen {
    host.rendering.value.screens[0] as! TodoListScreen
  }

  @Test func startsEmptyWithoutAFile() {
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    #expect(list(host).rows.isEmpty)
    #expect(host.rendering.value.text.contains("Nothing to do."))
  }

  @Test func addCompleteAndDeleteByNumber() {
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    host.rendering.value.run("add buy milk")
    host.rendering.value.run("add walk the dog")
    #expect(list(host).rows.map(\.line) == ["1. [ ] buy milk", "2. [ ] walk the dog"])
    host.rendering.value.run("done 2")
    #expect(list(host).rows[1].line == "2. [x] walk the dog")
    host.rendering.value.run("delete 1")
    #expect(list(host).rows.map(\.line) == ["1. [x] walk the dog"])
  }

  @Test func badRowNumberGetsAMessage() {
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    host.rendering.value.run("done 1")
    #expect(list(host).message == "There are no todos yet; add one with 'add <title>'.")
    host.rendering.value.run("add a")
    host.rendering.value.run("edit 7")
    #expect(list(host).message == "No todo number '7'; pick 1 to 1.")
  }

  @Test func emptyTitleIsAUsageError() {
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    let add = host.rendering.value.commands.first { $0.name == "add" }!
    #expect(add.perform(["  "]) == .usageError("the title is empty"))
    #expect(host.rendering.value.run("add") == .usageError("missing arguments"))
  }

  @Test func editorIsPushedOnTheBackStack() {
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    host.rendering.value.run("add buy milk")
    host.rendering.value.run("edit 1")
    #expect(host.rendering.value.screens.count == 2)
    #expect(host.rendering.value.top is TodoEditorScreen)
    #expect(host.rendering.value.render(width: 80).first == "Todos > buy milk")
  }

  @Test func renameIsADraftUntilSaved() {
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
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
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    host.rendering.value.run("add buy milk")
    host.rendering.value.run("edit 1")
    host.rendering.value.run("rename other")
    host.rendering.value.run("back")
    #expect(list(host).rows[0].line == "1. [ ] buy milk")
  }

  @Test func deleteFromTheEditorClosesIt() {
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    host.rendering.value.run("add a")
    host.rendering.value.run("edit 1")
    host.rendering.value.run("delete")
    #expect(host.rendering.value.screens.count == 1)
    #expect(list(host).rows.isEmpty)
  }

  @Test func rowsAreKeyedChildrenByID() {
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    host.rendering.value.run("add a")
    host.rendering.value.run("add b")
    let keys = host.debugTree().children.map(\.key)
    #expect(keys.contains("1"))
    #expect(keys.contains("2"))
  }
}

@MainActor
@Suite struct TodoPersistenceTests {
  let folder = TemporaryFolder()

  @Test func changesAreSavedAndRestoredOnTheNextLaunch() {
    do {
      let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
      host.rendering.value.run("add buy milk")
      host.rendering.value.run("add call mum")
      host.rendering.value.run("done 1")
    }
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    let list = host.rendering.value.screens[0] as! TodoListScreen
    #expect(list.rows.map(\.line) == ["1. [x] buy milk", "2. [ ] call mum"])
    host.rendering.value.run("add third")
    #expect(
      folder.store.load()
        == .loaded([
          Todo(id: 1, title: "buy milk", isDone: true), Todo(id: 2, title: "call mum"),
          Todo(id: 3, title: "third"),
        ]))
  }

  @Test func launchingWritesNothing() {
    _ = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    #expect(folder.store.load() == .missing)
  }

  @Test func corruptFileGivesAClearMessageAndAnEmptyList() throws {
    let store = folder.store
    try FileManager.default.createDirectory(
      at: store.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: store.fileURL)
    let host = WorkflowHost(workflow: TodoWorkflow(store: store))
    let list = host.rendering.value.screens[0] as! TodoListScreen
    #expect(list.rows.isEmpty)
    #expect(
      list.message == "\(store.fileURL.path) is not a valid todo list; starting with an empty "
        + "list (the file is replaced on the first change).")
    #expect(store.load() == .unreadable("\(store.fileURL.path) is not a valid todo list"))
  }

  @Test func unwritableFileGivesAMessage() throws {
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    // A regular file where the folder should be makes the save fail.
    try Data().write(to: folder.url.appendingPathComponent("todo"))
    let host = WorkflowHost(workflow: TodoWorkflow(store: folder.store))
    host.rendering.value.run("add a")
    let list = host.rendering.value.screens[0] as! TodoListScreen
    #expect(list.message == "Could not save to \(folder.store.fileURL.path).")
  }

  @Test func fileLocationFollowsTheEnvironment() {
    let state = URL(fileURLWithPath: "/state", isDirectory: true)
    #expect(
      TodoStore.standardFileURL(stateDirectory: state, variables: [:]).path
        == "/state/todo/todos.json")
    #expect(
      TodoStore.standardFileURL(stateDirectory: state, variables: ["TODO_FILE": "/tmp/t.json"])
        .path == "/tmp/t.json")
    #expect(
      SampleEnvironment.stateDirectory(in: ["XDG_STATE_HOME": "/x", "HOME": "/h"]).path == "/x")
    #expect(
      SampleEnvironment.stateDirectory(in: ["HOME": "/h"]).path == "/h/.local/state")
  }
}
