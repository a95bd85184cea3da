// SPDX-License-Identifier: Apache-2.0

/// A command every screen of the REPL accepts, whatever the workflow renders.
package enum ReplBuiltin: String, CaseIterable, Sendable {
  case help
  case quit
  case exit
  case shortQuit = ":q"
  case tree = ":tree"
  case trace = ":trace"
  case history = ":history"
  case undo = ":undo"
  case save = ":save"
  case await = ":await"

  /// How many passes `:trace` prints when no count is given.
  static let defaultTraceCount = 10

  /// The most passes `:trace` accepts to print.
  static let maximumTraceCount = 1000

  /// What `:trace` takes before a file to write the kept steps to, for a trace viewer.
  static let exportOption = "--export"

  /// The built-ins tab completion offers: all but `:await` on a terminal, where nothing waits
  /// for a script.
  static func offered(isInteractive: Bool) -> [ReplBuiltin] {
    allCases.filter { !(isInteractive && $0 == .await) }
  }

  /// The built-ins `help` lists: those offered, without the other names of `quit`.
  static func listed(isInteractive: Bool) -> [ReplBuiltin] {
    offered(isInteractive: isInteractive).filter { $0 != .exit && $0 != .shortQuit }
  }

  /// Whether the built-in leaves the app.
  var quits: Bool { self == .quit || self == .exit || self == .shortQuit }

  var arguments: [Argument] {
    switch self {
    case .trace: [.integer("count", in: 1...Self.maximumTraceCount, isOptional: true)]
    case .save: [Argument("file")]
    case .help, .quit, .exit, .shortQuit, .tree, .history, .undo, .await: []
    }
  }

  var help: String {
    switch self {
    case .help: "List the commands of this screen."
    case .quit, .exit, .shortQuit: "Leave the app (so do 'exit', ':q' and Ctrl-D)."
    case .tree: "Print the live workflow tree."
    case .trace:
      "Print the last render passes (\(Self.defaultTraceCount) by default) or \(Self.exportOption) FILE."
    case .history: "List the steps so far and what led to each."
    case .undo: "Undo your last command."
    case .save: "Save the state to a file (for --restore)."
    case .await: "Wait for the next screen (useful in scripts)."
    }
  }

  /// The built-in as a command, to check its arguments and print its usage the way screen
  /// commands do; the REPL runs it itself, so its body is never called.
  var command: Command {
    Command(rawValue, arguments: arguments, help: help) { _ in .done }
  }
}
