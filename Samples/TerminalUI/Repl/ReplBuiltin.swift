// SPDX-License-Identifier: Apache-2.0

/// A command every screen of the REPL accepts, whatever the workflow renders.
enum ReplBuiltin: String, CaseIterable {
  case help
  case quit
  case tree = ":tree"
  case trace = ":trace"
  case history = ":history"
  case undo = ":undo"
  case save = ":save"
  case await = ":await"

  /// How many passes `:trace` prints when no count is given.
  static let defaultTraceCount = 10

  var arguments: [Argument] {
    switch self {
    case .trace: [Argument("count", isOptional: true)]
    case .save: [Argument("file")]
    case .help, .quit, .tree, .history, .undo, .await: []
    }
  }

  var help: String {
    switch self {
    case .help: "List the commands of this screen."
    case .quit: "Leave the app (Ctrl-D does too)."
    case .tree: "Print the live workflow tree."
    case .trace: "Print the last render passes (\(Self.defaultTraceCount) by default)."
    case .history: "List the steps so far and what led to each."
    case .undo: "Go back one step."
    case .save: "Save the state to a file (for --restore)."
    case .await: "Wait for the next screen (useful in scripts)."
    }
  }

  /// The built-in as a command, to check its arguments and print its usage the way screen
  /// commands do; the REPL runs it itself, so `perform` is never called.
  var command: Command {
    Command(rawValue, arguments: arguments, help: help) { _ in .done }
  }
}
