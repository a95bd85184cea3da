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
  /// Called with the number (from 1, one that exists) of a todo on another page, and what to
  /// do with it; a row on the page shown is asked through its own callbacks.
  public var onOtherRow: (Int, TodoRowWorkflow.Output) -> Void = { _, _ in }

  /// The list's look and commands.
  public var screen: Screen {
    var body = rows.isEmpty ? ["Nothing to do. Add a todo with 'add <title>'."] : rows.map(\.line)
    var commands = [
      Command("add", arguments: [.text("title")], help: "Add a todo.") { values in
        let title = values[0].trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return .usageError("the title is empty") }
        if let refusal = Todo.refusal(ofTitle: title) { return .refused(refusal) }
        guard !isFull else {
          return .refused("No id is left for a new todo; delete the list to start again.")
        }
        onAdd(title)
        return .done
      },
      rowCommand("done", help: "Mark a todo done (or not done again).", .toggle),
      rowCommand("edit", help: "Open a todo to rename it.", .open),
      rowCommand("delete", help: "Delete a todo.", .delete),
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

  /// A command on a todo by its number, which counts the whole list: a todo on another page
  /// is acted on as one on the page shown.
  private func rowCommand(
    _ name: String, help: String, _ output: TodoRowWorkflow.Output
  ) -> Command {
    // A number that is no todo is this command's reply; it changes nothing.
    let shown = firstNumber..<firstNumber + rows.count
    let number = Argument("number", completions: shown.map(String.init))
    return Command(name, arguments: [number], help: help) { values in
      guard todoCount > 0 else {
        return .refused("There are no todos yet; add one with 'add <title>'.")
      }
      let text = values[0]
      let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text[...]
      guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else {
        let typed = TextLayout.truncate(text, width: 40)
        return .usageError("invalid <number>: '\(typed)' (1 to \(todoCount))")
      }
      guard let number = Int(text), (1...todoCount).contains(number) else {
        let typed = TextLayout.truncate(text, width: 40)
        let range = todoCount == 1 ? "the only one is 1" : "they are 1 to \(todoCount)"
        return .refused("There is no todo \(typed); \(range).")
      }
      if shown.contains(number) {
        let row = rows[number - firstNumber]
        switch output {
        case .toggle: row.onToggle()
        case .open: row.onOpen()
        case .delete: row.onDelete()
        }
        return .done
      }
      // The page shown does not change: say what happened to the todo on the other page.
      onOtherRow(number, output)
      let page = (number - 1) / TodoWorkflow.pageSize + 1
      switch output {
      case .toggle: return .message("Todo \(number) changed; 'page \(page)' shows it.")
      case .delete: return .message("Todo \(number) deleted from page \(page).")
      case .open: return .done
      }
    }
  }
}
