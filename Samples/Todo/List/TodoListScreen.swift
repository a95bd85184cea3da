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
  /// The page shown, from 1.
  public var page = 1
  /// How many pages there are.
  public var pageCount = 1
  /// How many todos the whole list holds.
  public var todoCount = 0
  /// Whether no id is left for a new todo.
  public var isFull = false
  /// Called with the title of a new todo.
  public var onAdd: (String) -> Void
  /// Called to show the next page.
  public var onNextPage: () -> Void = {}
  /// Called with the number of the page to show, one that exists.
  public var onShowPage: (Int) -> Void = { _ in }

  /// The list's look and commands.
  public var screen: Screen {
    var body = rows.isEmpty ? ["Nothing to do. Add a todo with 'add <title>'."] : rows.map(\.line)
    var commands = [
      Command("add", arguments: [.text("title")], help: "Add a todo.") { values in
        let title = values[0].trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return .usageError("the title is empty") }
        guard !isFull else {
          return .refused("No id is left for a new todo; delete the list to start again.")
        }
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
        Command("more", help: "Show the next page of the list.") { _ in
          guard page < pageCount else {
            return .refused("This is the last page; 'page 1' goes back to the first.")
          }
          onNextPage()
          return .done
        }.notUndoable(),
        Command(
          "page",
          arguments: [
            .integer(
              "number", in: 1...pageCount, completions: (1...pageCount).map(String.init))
          ],
          help: "Show a page of the list."
        ) { values in
          onShowPage(values.integer(at: 0))
          return .done
        }.notUndoable(),
      ]
    }
    return Screen(title: "Todos", body: body, commands: commands)
  }

  private func rowCommand(
    _ name: String, help: String, _ act: @escaping (TodoRow) -> Void
  ) -> Command {
    // A number that is no row, or one on another page, is this command's reply; it changes
    // nothing.
    let last = firstNumber + rows.count - 1
    let number =
      rows.isEmpty
      ? Argument("number")
      : .integer(
        "number", in: 1...max(todoCount, last),
        completions: rows.indices.map { String(firstNumber + $0) })
    return Command(name, arguments: [number], help: help) { values in
      guard !rows.isEmpty else {
        return .refused("There are no todos yet; add one with 'add <title>'.")
      }
      let number = values.integer(at: 0)
      guard (firstNumber..<firstNumber + rows.count).contains(number) else {
        let page = (number - 1) / TodoWorkflow.pageSize + 1
        return .refused("Todo \(number) is on page \(page); 'page \(page)' shows it.")
      }
      act(rows[number - firstNumber])
      return .done
    }
  }
}
