// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Workflow

/// The todo app: a list with one keyed child per row, and an editor pushed on a back stack.
///
/// The list is read from its ``TodoStore`` when the app starts and written after each change
/// by a ``SaveTodosWorker``.
public struct TodoWorkflow: Workflow {
  /// Where the list is kept.
  public var store: TodoStore

  /// Creates the app over a store.
  public init(store: TodoStore) {
    self.store = store
  }

  // MARK: State

  /// The todos, which one is open, and what to tell the user.
  public struct State: Equatable {
    /// The todos in order.
    public var todos: [Todo] = []
    /// The id the next new todo gets.
    public var nextID = 1
    /// The id of the todo open in the editor.
    public var editingID: Int?
    /// Something to tell the user (a load or save problem, a bad row number).
    public var message: String?
    /// Counts the changes; each new revision is saved once.
    public var revision = 0

    /// The todo open in the editor, if it still exists.
    public var editing: Todo? { todos.first { $0.id == editingID } }

    mutating func change(_ body: (inout [Todo]) -> Void) {
      body(&todos)
      revision += 1
    }
  }

  /// Reads the saved list; an unreadable file gives an empty list and a message.
  public func makeInitialState() -> State {
    var state = State()
    switch store.load() {
    case .loaded(let todos):
      state.todos = todos
      state.nextID = (todos.map(\.id).max() ?? 0) + 1
    case .missing:
      break
    case .unreadable(let reason):
      state.message =
        "\(reason); starting with an empty list (the file is replaced on the first change)."
    }
    return state
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = TodoWorkflow

    case add(String)
    case row(id: Int, TodoRowWorkflow.Output)
    case editor(TodoEditorWorkflow.Output)
    case invalidRow(String)
    case saveFailed(String)

    func apply(toState state: inout State, context: ApplyContext<TodoWorkflow>) -> Never? {
      state.message = nil
      switch self {
      case .add(let title):
        let todo = Todo(id: state.nextID, title: title)
        state.nextID += 1
        state.change { $0.append(todo) }
      case .row(let id, .toggle):
        state.change { todos in
          if let index = todos.firstIndex(where: { $0.id == id }) { todos[index].isDone.toggle() }
        }
      case .row(let id, .delete):
        state.change { $0.removeAll { $0.id == id } }
      case .row(let id, .open):
        state.editingID = id
      case .editor(.save(let todo)):
        state.change { todos in
          if let index = todos.firstIndex(where: { $0.id == todo.id }) { todos[index] = todo }
        }
        state.editingID = nil
      case .editor(.cancel):
        state.editingID = nil
      case .editor(.delete):
        let id = state.editingID
        state.change { $0.removeAll { $0.id == id } }
        state.editingID = nil
      case .invalidRow(let text):
        state.message =
          state.todos.isEmpty
          ? "There are no todos yet; add one with 'add <title>'."
          : "No todo number '\(text)'; pick 1 to \(state.todos.count)."
      case .saveFailed(let message):
        state.message = message
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the list, and the editor on top of it when a todo is open.
  public func render(state: State, context: RenderContext<TodoWorkflow>) -> BackStackScreen {
    let sink = context.makeSink(of: Action.self)
    if state.revision > 0 {
      SaveTodosWorker(revision: state.revision, todos: state.todos, store: store)
        .running(in: context) { Action.saveFailed($0) }
    }
    let rows = state.todos.enumerated().map { offset, todo in
      TodoRowWorkflow(todo: todo, number: offset + 1)
        .rendered(in: context, key: String(todo.id)) { Action.row(id: todo.id, $0) }
    }
    let list = TodoListScreen(
      rows: rows, message: state.message,
      onAdd: { sink.send(.add($0)) },
      onInvalidRow: { sink.send(.invalidRow($0)) })
    guard let editing = state.editing else { return BackStackScreen(list) }
    let editor = TodoEditorWorkflow(todo: editing)
      .rendered(in: context, key: "editor") { Action.editor($0) }
    return BackStackScreen(list, pushed: [editor])
  }
}

extension TodoWorkflow.State: CustomStringConvertible {
  /// A one-line summary for the `:tree` inspector.
  public var description: String {
    let done = todos.filter(\.isDone).count
    let open = editingID.map { ", editing #\($0)" } ?? ""
    return "\(todos.count) todos (\(done) done)\(open), revision \(revision)"
  }
}
