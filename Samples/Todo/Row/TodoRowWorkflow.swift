// SPDX-License-Identifier: Apache-2.0

import Workflow

/// One row of the todo list, rendered as a keyed child of the list.
///
/// The row turns the user's intent into an output; the list owns the todos and decides what
/// each output does. Keyed by the todo's id, a row keeps its identity when rows above it are
/// deleted. Rows are `Equatable`, so a row whose todo and number did not change reuses its
/// last rendering.
public struct TodoRowWorkflow: Workflow, Equatable {
  /// The todo shown.
  public var todo: Todo
  /// The row's number on screen, from 1.
  public var number: Int

  /// Creates a row.
  public init(todo: Todo, number: Int) {
    self.todo = todo
    self.number = number
  }

  /// What the row asks its list to do with its todo.
  public enum Output: Equatable {
    /// Flip done/not done.
    case toggle
    /// Remove it.
    case delete
    /// Open it in the editor.
    case open
  }

  /// The row has no state of its own.
  public typealias State = Void

  // MARK: Rendering

  /// Renders the row's line and its callbacks.
  public func render(state: Void, context: RenderContext<TodoRowWorkflow>) -> TodoRow {
    let sink = context.makeOutputSink()
    return TodoRow(
      line: "\(number). [\(todo.isDone ? "x" : " ")] \(todo.title)",
      onToggle: { sink.send(.toggle) },
      onDelete: { sink.send(.delete) },
      onOpen: { sink.send(.open) })
  }
}

/// A rendered todo row: its text and what the list can do with it.
public struct TodoRow {
  /// The row as one line of text.
  public var line: String
  /// Flips the todo.
  public var onToggle: () -> Void
  /// Deletes the todo.
  public var onDelete: () -> Void
  /// Opens the todo in the editor.
  public var onOpen: () -> Void
}
