// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import TerminalUI

/// The list screen: one line per todo row on the page shown, and the commands that act on rows
/// by number; a long list adds `more` and `page`.
public struct TodoListScreen: ComposedScreen {
  /// The rendered rows of the page shown, in order.
  public var rows: [TodoRow]
  /// The number of the first row shown (row numbers count the whole list, from 1).
  public var firstNumber = 1
  /// Something to tell the user.
  public var message: String?
  /// The page shown, from 1.
  public var page = 1
  /// How many pages there are.
  public var pageCount = 1
  /// How many todos the whole list holds.
  public var todoCount = 0
  /// Called with the title of a new todo.
  public var onAdd: (String) -> Void
  /// Called with a row number that is not on the page.
  public var onInvalidRow: (String) -> Void
  /// Called to show the next page.
  public var onNextPage: () -> Void = {}
  /// Called with the page number typed.
  public var onShowPage: (String) -> Void = { _ in }

  /// The list's look and commands.
  public var screen: Screen {
    var body = rows.isEmpty ? ["Nothing to do. Add a todo with 'add <title>'."] : rows.map(\.line)
    var commands = [
      Command("add", arguments: [.text("title")], help: "Add a todo.") { values in
        let title = values[0].trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return .usageError("the title is empty") }
        onAdd(title)
        return .done
      },
      rowCommand("done", help: "Mark a todo done (or not done again).") { $0.onToggle() },
      rowCommand("edit", help: "Open a todo to rename it.") { $0.onOpen() },
      rowCommand("delete", help: "Delete a todo.") { $0.onDelete() },
    ]
    if pageCount > 1 {
      let last = firstNumber + rows.count - 1
      body += [
        "",
        "Page \(page) of \(pageCount), todos \(firstNumber)-\(last) of \(todoCount):"
          + " type 'more' or 'page <n>'.",
      ]
      commands += [
        .simple("more", help: "Show the next page of the list.", onNextPage),
        Command(
          "page", arguments: [Argument("number", completions: (1...pageCount).map(String.init))],
          help: "Show a page of the list."
        ) { values in
          onShowPage(values[0])
          return .done
        },
      ]
    }
    if let message { body += ["", message] }
    return Screen(title: "Todos", body: body, commands: commands)
  }

  private func rowCommand(
    _ name: String, help: String, _ act: @escaping (TodoRow) -> Void
  ) -> Command {
    let numbers = rows.indices.map { String(firstNumber + $0) }
    return Command(name, arguments: [Argument("number", completions: numbers)], help: help) {
      values in
      // Compared before subtracting, so that no number typed can overflow.
      guard let number = Int(values[0]), number >= firstNumber, number - firstNumber < rows.count
      else {
        onInvalidRow(values[0])
        return .done
      }
      act(rows[number - firstNumber])
      return .done
    }
  }
}
