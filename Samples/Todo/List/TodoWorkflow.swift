// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Workflow

/// The todo app: a list with one keyed child per row, and an editor pushed on a back stack.
///
/// The app opts in to snapshots: its state (the todos, which one is open) and the editor's
/// draft are saved in the host's ``WorkflowSnapshot``, which the terminal host keeps in the
/// ``TodoStateFile``. Saved state is checked as it is read (see `TodoWorkflow+Codable.swift`).
/// The rows hold no state and are rebuilt from the list.
///
/// A long list is shown a page of ``pageSize`` rows at a time, and only the rows on the page
/// are rendered, so a command costs the same with 10 todos or 10,000.
public struct TodoWorkflow: SnapshottableWorkflow {
  /// How many rows a page shows.
  public static let pageSize = 20

  /// Creates the app with an empty list; a host restoring a snapshot starts from the saved one.
  public init() {}

  // MARK: State

  /// The todos, which one is open, the page shown, and what to tell the user.
  public struct State: Codable, Equatable {
    /// The todos in order.
    public var todos: [Todo] = []
    /// The id the next new todo gets.
    public var nextID = 1
    /// The id of the todo open in the editor.
    public var editingID: Int?
    /// Something to tell the user (a bad row number).
    public var message: String?
    /// The page shown, from 1.
    public var page = 1

    /// Creates an empty list.
    public init() {}

    /// The todo open in the editor, if it still exists.
    public var editing: Todo? { todos.first { $0.id == editingID } }

    /// How many pages the list takes; an empty list has one.
    public var pageCount: Int { max(1, (todos.count + pageSize - 1) / pageSize) }

    /// The indices of the todos on `page` (clamped to the pages there are).
    func rows(onPage page: Int) -> Range<Int> {
      let first = (min(max(page, 1), pageCount) - 1) * pageSize
      return first..<min(first + pageSize, todos.count)
    }
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
    case invalidRow(String)
    case nextPage
    case showPage(String)

    func apply(toState state: inout State, context: ApplyContext<TodoWorkflow>) -> Never? {
      state.message = nil
      defer { state.page = min(state.page, state.pageCount) }
      switch self {
      case .add(let title):
        guard state.nextID < Int.max else {
          state.message = "No id is left for a new todo; delete the list to start again."
          return nil
        }
        let todo = Todo(id: state.nextID, title: title)
        state.nextID += 1
        state.todos.append(todo)
        // The new todo is on the last page: show it.
        state.page = state.pageCount
      case .nextPage:
        if state.page < state.pageCount {
          state.page += 1
        } else {
          state.message = "This is the last page; 'page 1' goes back to the first."
        }
      case .showPage(let text):
        if let page = Int(text), (1...state.pageCount).contains(page) {
          state.page = page
        } else {
          state.message = "No page '\(text)'; pick 1 to \(state.pageCount)."
        }
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
      case .invalidRow(let text):
        if state.todos.isEmpty {
          state.message = "There are no todos yet; add one with 'add <title>'."
        } else if let number = Int(text), (1...state.todos.count).contains(number) {
          let page = (number - 1) / pageSize + 1
          state.message = "Todo \(number) is on page \(page); 'page \(page)' shows it."
        } else {
          state.message = "No todo number '\(text)'; pick 1 to \(state.todos.count)."
        }
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the page of the list shown, and the editor on top of it when a todo is open.
  public func render(state: State, context: RenderContext<TodoWorkflow>) -> BackStackScreen {
    let sink = context.makeSink(of: Action.self)
    let shown = state.rows(onPage: state.page)
    let rows = shown.map { index in
      let todo = state.todos[index]
      return TodoRowWorkflow(todo: todo, number: index + 1)
        .rendered(in: context, key: String(todo.id)) { Action.row(id: todo.id, $0) }
    }
    let list = TodoListScreen(
      rows: rows, firstNumber: shown.lowerBound + 1, message: state.message,
      page: min(state.page, state.pageCount), pageCount: state.pageCount,
      todoCount: state.todos.count,
      onAdd: { sink.send(.add($0)) },
      onInvalidRow: { sink.send(.invalidRow($0)) },
      onNextPage: { sink.send(.nextPage) },
      onShowPage: { sink.send(.showPage($0)) })
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
