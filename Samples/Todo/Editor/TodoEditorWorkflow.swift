// SPDX-License-Identifier: Apache-2.0

import Foundation
import Workflow

/// Edits one todo as a draft; the list sees the change only when the user saves.
///
/// The draft is saved in snapshots, so an editor open when the app was saved reopens with the
/// unsaved changes.
public struct TodoEditorWorkflow: SnapshottableWorkflow, Equatable {
  /// The todo being edited, as saved.
  public var todo: Todo

  /// Creates an editor for `todo`.
  public init(todo: Todo) {
    self.todo = todo
  }

  /// What the editor tells the list.
  public enum Output: Equatable {
    /// Save the draft.
    case save(Todo)
    /// Close without saving.
    case cancel
    /// Delete the todo.
    case delete
  }

  // MARK: State

  /// The draft.
  public struct State: Codable, Equatable {
    /// The todo with the user's unsaved changes.
    public var draft: Todo
  }

  /// Starts with a draft equal to the saved todo.
  public func makeInitialState() -> State {
    State(draft: todo)
  }

  /// Starts a new draft when the editor is pointed at another todo.
  public func workflowDidChange(from previousWorkflow: TodoEditorWorkflow, state: inout State) {
    if previousWorkflow.todo.id != todo.id { state = State(draft: todo) }
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = TodoEditorWorkflow

    case rename(String)
    case toggle
    case save
    case cancel
    case delete

    func apply(toState state: inout State, context: ApplyContext<TodoEditorWorkflow>) -> Output? {
      switch self {
      case .rename(let title):
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty { state.draft.title = trimmed }
      case .toggle:
        state.draft.isDone.toggle()
      case .save:
        return .save(state.draft)
      case .cancel:
        return .cancel
      case .delete:
        return .delete
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the draft and the editing commands.
  public func render(state: State, context: RenderContext<TodoEditorWorkflow>) -> TodoEditorScreen {
    let sink = context.makeSink(of: Action.self)
    return TodoEditorScreen(
      draft: state.draft, hasChanges: state.draft != todo,
      onRename: { sink.send(.rename($0)) },
      onToggle: { sink.send(.toggle) },
      onSave: { sink.send(.save) },
      onCancel: { sink.send(.cancel) },
      onDelete: { sink.send(.delete) })
  }
}
