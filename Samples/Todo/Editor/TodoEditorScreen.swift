// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import TerminalUI

/// The editor screen for one todo.
public struct TodoEditorScreen: ComposedScreen {
  /// The todo with unsaved changes.
  public var draft: Todo
  /// Whether the draft differs from the saved todo.
  public var hasChanges: Bool
  /// Called with a new title.
  public var onRename: (String) -> Void
  /// Called to flip done/not done.
  public var onToggle: () -> Void
  /// Called to save and close.
  public var onSave: () -> Void
  /// Called to close without saving.
  public var onCancel: () -> Void
  /// Called to delete the todo.
  public var onDelete: () -> Void

  /// The editor's look and commands.
  public var screen: Screen {
    Screen(
      title: draft.title,
      body: [
        "Title: \(draft.title)",
        "Done:  \(draft.isDone ? "yes" : "no")",
        hasChanges ? "Unsaved changes: 'save' keeps them, 'back' drops them." : "No changes.",
      ],
      commands: [
        Command("rename", arguments: [.text("title")], help: "Change the title.") { values in
          let title = values[0].trimmingCharacters(in: .whitespaces)
          guard !title.isEmpty else { return .usageError("the title is empty") }
          if let refusal = Todo.refusal(ofTitle: title) { return .refused(refusal) }
          onRename(title)
          return .done
        },
        .simple("toggle", help: "Mark done or not done.", onToggle),
        .simple("save", help: "Save the changes and go back to the list.", onSave),
        .simple("back", help: "Go back to the list without saving.", onCancel),
        .simple("delete", help: "Delete this todo.", onDelete),
      ])
  }
}
