// SPDX-License-Identifier: Apache-2.0

import Workflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ReplSession {
  /// Runs a built-in command after checking its arguments as a screen command's would be.
  func run(_ builtin: ReplBuiltin, arguments: [String]) -> ReplOutcome {
    let values: [String]
    switch CommandDispatcher.check(arguments, for: builtin.command) {
    case .run(_, let checked): values = checked
    case .usageError(let command, let message):
      report(.usageError(message), of: command)
      return .proceed
    case .unknown:
      // `check` never answers this; it only happens when a name is looked up.
      return .proceed
    }
    switch builtin {
    case .help: writeHelp()
    case .quit: return .quit
    case .tree: writeLines(inspector.treeLines(host.debugTree()))
    case .trace:
      guard let count = values.first.map(Int.init) ?? ReplBuiltin.defaultTraceCount,
        count > 0
      else {
        report(.usageError("invalid [count]: '\(values[0])'"), of: builtin.command)
        return .proceed
      }
      writeTrace(count: count)
    case .history: writeHistory()
    case .undo: undo()
    case .save: save(to: values[0])
    case .await: return .awaitScreen
    }
    return .proceed
  }

  private func writeHelp() {
    let screenRows = availableCommands.map { ($0.usage, $0.help) }
    let builtinRows = ReplBuiltin.allCases.map { ($0.command.usage, $0.help) }
    let usageWidth = min(
      28, (screenRows + builtinRows).map { TextLayout.displayWidth($0.0) }.max() ?? 0)
    func row(_ usage: String, _ help: String) -> String {
      TextLayout.trimmingTrailingSpaces(
        "  " + TextLayout.pad(usage, width: max(usage.count, usageWidth)) + "  " + help)
    }
    var lines = ["Commands:"]
    lines += screenRows.map(row)
    lines += ["Always available:"]
    lines += builtinRows.map(row)
    writeLines(lines)
  }

  /// Prints the debug views, in colour when the session has it.
  private var inspector: InspectorPrinter {
    InspectorPrinter(style: style, displaySafe: Self.displaySafe)
  }

  /// Prints the last `count` passes the tracer kept, oldest first.
  private func writeTrace(count: Int) {
    writeLines(inspector.traceLines(Array(tracer.passes.suffix(count))))
  }

  /// Prints the recorded steps, oldest first, marking the current one.
  private func writeHistory() {
    guard historyLimit > 0 else {
      return writeLines(["No history is kept (the app runs with a history limit of 0)."])
    }
    writeLines(inspector.historyLines(host.history, limit: historyLimit))
  }

  /// Goes back one step and says which.
  private func undo() {
    let steps = host.history
    guard historyLimit > 0 else {
      return writeLines(["Nothing to undo: no history is kept (the history limit is 0)."])
    }
    guard let last = steps.last, steps.count >= 2, host.undo() else {
      return writeLines(["Nothing to undo."])
    }
    writeLines(["Undid step \(last.number): \(inspector.cause(last.cause))."])
  }

  /// Writes the host's snapshot to `file`, relative to the current directory.
  private func save(to file: String) {
    let shown = TextLayout.truncate(Self.displaySafe(file), width: 120)
    let home = getenv("HOME").map { String(cString: $0) }
    let path = FileAccess.expandingTilde(file, home: home)
    do {
      try SnapshotFile.write(try host.snapshot(), to: path, createsFolders: false)
      writeLines(["Saved to \(shown)."])
    } catch {
      writeLines([style.error("error: could not save to \(shown): \(error)")])
    }
  }
}
