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
/// are rendered, so rendering and printing a command's screen cost the same with 10 todos or
/// 10,000.
public struct TodoWorkflow: SnapshottableWorkflow {
  /// How many rows a page shows.
  public static let pageSize = 20

  /// Creates the app with an empty list; a host restoring a snapshot starts from the saved one.
  public init() {}

  // MARK: State

  /// The todos, which one is open, and the page shown.
  public struct State: Codable, Equatable {
    /// The todos in order.
    public var todos: [Todo] = []
    /// The id the next new todo gets.
    public var nextID = 1
    /// The id of the todo open in the editor.
    public var editingID: Int?
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
    /// What a row asks, for the todo numbered `number` (from 1), which may be on another page.
    case numbered(Int, TodoRowWorkflow.Output)
    case editor(TodoEditorWorkflow.Output)
    case nextPage
    case showPage(Int)

    func apply(toState state: inout State, context: ApplyContext<TodoWorkflow>) -> Never? {
      defer { state.page = min(max(state.page, 1), state.pageCount) }
      switch self {
      case .add(let title):
        // The screen refuses an add once the ids are used up; this keeps `nextID` from
        // overflowing whatever sends it.
        guard state.nextID < Int.max else { return nil }
        let todo = Todo(id: state.nextID, title: title)
        state.nextID += 1
        state.todos.append(todo)
        // The new todo is on the last page: show it.
        state.page = state.pageCount
      case .nextPage:
        state.page += 1
      case .showPage(let page):
        state.page = page
      case .numbered(let number, let output):
        // The number was checked against the list the screen showed, which is this one.
        guard state.todos.indices.contains(number - 1) else { return nil }
        return Action.row(id: state.todos[number - 1].id, output)
          .apply(toState: &state, context: context)
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
      rows: rows, firstNumber: shown.lowerBound + 1, page: min(state.page, state.pageCount),
      pageCount: state.pageCount, todoCount: state.todos.count, isFull: state.nextID == Int.max,
      onAdd: { sink.send(.add($0)) },
      onNextPage: { sink.send(.nextPage) },
      onShowPage: { sink.send(.showPage($0)) },
      onOtherRow: { sink.send(.numbered($0, $1)) })
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
