// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import TerminalUI

/// The list screen: one line per todo row, and the commands that act on rows by number.
public struct TodoListScreen: ComposedScreen {
  /// The rendered rows, in order.
  public var rows: [TodoRow]
  /// Called with the title of a new todo.
  public var onAdd: (String) -> Void

  /// The list's look and commands.
  public var screen: Screen {
    let body = rows.isEmpty ? ["Nothing to do. Add a todo with 'add <title>'."] : rows.map(\.line)
    let numbers = rows.indices.map { String($0 + 1) }
    return Screen(
      title: "Todos",
      body: body,
      commands: [
        Command("add", arguments: [.text("title")], help: "Add a todo.") { values in
          let title = values[0].trimmingCharacters(in: .whitespaces)
          guard !title.isEmpty else { return .usageError("the title is empty") }
          onAdd(title)
          return .done
        },
        rowCommand("done", help: "Mark a todo done (or not done again).", numbers) {
          $0.onToggle()
        },
        rowCommand("edit", help: "Open a todo to rename it.", numbers) { $0.onOpen() },
        rowCommand("delete", help: "Delete a todo.", numbers) { $0.onDelete() },
      ])
  }

  private func rowCommand(
    _ name: String, help: String, _ numbers: [String], _ act: @escaping (TodoRow) -> Void
  ) -> Command {
    // A number that is no row is this command's reply; it changes nothing.
    let number =
      rows.isEmpty
      ? Argument("number") : .integer("number", in: 1...rows.count, completions: numbers)
    return Command(name, arguments: [number], help: help) { values in
      guard !rows.isEmpty else {
        return .refused("There are no todos yet; add one with 'add <title>'.")
      }
      act(rows[values.integer(at: 0) - 1])
      return .done
    }
  }
}
