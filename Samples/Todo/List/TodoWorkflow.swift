// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Workflow

/// The todo app: a list with one keyed child per row, and an editor pushed on a back stack.
///
/// The app opts in to snapshots: its state (the todos, which one is open) and the editor's
/// draft are saved in the host's ``WorkflowSnapshot``, which the terminal host keeps in the
/// ``TodoStateFile``. The rows hold no state and are rebuilt from the list.
public struct TodoWorkflow: SnapshottableWorkflow {
  /// Creates the app with an empty list; a host restoring a snapshot starts from the saved one.
  public init() {}

  // MARK: State

  /// The todos and which one is open.
  public struct State: Codable, Equatable {
    /// The todos in order.
    public var todos: [Todo] = []
    /// The id the next new todo gets.
    public var nextID = 1
    /// The id of the todo open in the editor.
    public var editingID: Int?

    /// The todo open in the editor, if it still exists.
    public var editing: Todo? { todos.first { $0.id == editingID } }
  }

  /// Starts with an empty list.
  public func makeInitialState() -> State {
    State()
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = TodoWorkflow

    case add(String)
    case row(id: Int, TodoRowWorkflow.Output)
    case editor(TodoEditorWorkflow.Output)

    func apply(toState state: inout State, context: ApplyContext<TodoWorkflow>) -> Never? {
      switch self {
      case .add(let title):
        let todo = Todo(id: state.nextID, title: title)
        state.nextID += 1
        state.todos.append(todo)
      case .row(let id, .toggle):
        if let index = state.todos.firstIndex(where: { $0.id == id }) {
          state.todos[index].isDone.toggle()
        }
      case .row(let id, .delete):
        state.todos.removeAll { $0.id == id }
      case .row(let id, .open):
        state.editingID = id
      case .editor(.save(let todo)):
        if let index = state.todos.firstIndex(where: { $0.id == todo.id }) {
          state.todos[index] = todo
        }
        state.editingID = nil
      case .editor(.cancel):
        state.editingID = nil
      case .editor(.delete):
        let id = state.editingID
        state.todos.removeAll { $0.id == id }
        state.editingID = nil
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the list, and the editor on top of it when a todo is open.
  public func render(state: State, context: RenderContext<TodoWorkflow>) -> BackStackScreen {
    let sink = context.makeSink(of: Action.self)
    let rows = state.todos.enumerated().map { offset, todo in
      TodoRowWorkflow(todo: todo, number: offset + 1)
        .rendered(in: context, key: String(todo.id)) { Action.row(id: todo.id, $0) }
    }
    let list = TodoListScreen(rows: rows, onAdd: { sink.send(.add($0)) })
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
    return "\(todos.count) todos (\(done) done)\(open)"
  }
}
