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
    case .run(let command, let checked):
      // The command's own check refuses a count out of range; its body does nothing.
      let checking = command.perform(checked)
      guard checking == .done else {
        report(checking, of: command)
        return .proceed
      }
      values = checked
    case .usageError(let command, let message):
      report(.usageError(message), of: command)
      return .proceed
    case .unknown:
      // `check` never answers this; it only happens when a name is looked up.
      return .proceed
    }
    switch builtin {
    case .help: writeHelp()
    case .quit, .exit, .shortQuit: return .quit
    case .tree: writeLines(InspectorPrinter.treeLines(host.debugTree()))
    case .trace:
      writeTrace(count: values.first.flatMap { Int($0) } ?? ReplBuiltin.defaultTraceCount)
    case .history: writeHistory()
    case .undo: undo()
    case .save: save(to: values[0])
    case .await: return .awaitScreen
    }
    return .proceed
  }

  private func writeHelp() {
    let screenRows = availableCommands.map { ($0.usage, $0.help) }
    let builtinRows = ReplBuiltin.listed(isInteractive: isInteractive).map {
      ($0.command.usage, $0.help)
    }
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
    lines += ["Enter on an empty line shows the screen again."]
    writeLines(lines)
  }

  /// Prints the last `count` passes the tracer kept, oldest first.
  private func writeTrace(count: Int) {
    writeLines(InspectorPrinter.traceLines(Array(tracer.passes.suffix(count))))
  }

  /// Prints the recorded steps, oldest first, marking the current one.
  private func writeHistory() {
    guard historyLimit > 0 else {
      return writeLines(["No history is kept (the app runs with a history limit of 0)."])
    }
    writeLines(InspectorPrinter.historyLines(host.history, limit: historyLimit))
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
    writeLines(["Undid step \(last.number): " + InspectorPrinter.cause(last.cause) + "."])
  }

  /// Writes the host's snapshot to `file`, relative to the current directory.
  private func save(to file: String) {
    let shown = TextLayout.truncate(Self.displaySafe(file), width: 120)
    let home = getenv("HOME").map { String(cString: $0) }
    let path = FileAccess.expandingTilde(file, home: home)
    do {
      let snapshot = try host.snapshot()
      // The state file is brought up to date with the same snapshot.
      autosaveNow(using: snapshot)
      try SnapshotFile.write(snapshot, to: path, createsFolders: false)
      writeLines(["Saved to \(shown)."])
    } catch {
      writeLines([style.error("error: could not save to \(shown): \(error)")])
    }
  }
}
