// SPDX-License-Identifier: Apache-2.0

import Workflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ReplSession {
  /// Runs what a line asks for and returns its reply; `:save` also returns the snapshot it
  /// wrote.
  func run(_ runnable: ReplLine.Runnable) -> (reply: [TerminalText], snapshot: WorkflowSnapshot?) {
    switch runnable {
    case .command(let command, let arguments):
      prepareUndoMark(for: command)
      defer { marksNextStep = false }
      return (ReplLine.lines(for: command.perform(arguments), of: command), nil)
    case .builtin(let builtin, let values):
      return run(builtin, values: values)
    }
  }

  private func run(
    _ builtin: ReplBuiltin, values: [String]
  ) -> (reply: [TerminalText], snapshot: WorkflowSnapshot?) {
    switch builtin {
    case .help: (helpLines(), nil)
    case .tree: (inspectorRows(InspectorPrinter.treeLines(host.debugTree())), nil)
    case .trace where values.first == ReplBuiltin.exportOption: (exportTrace(to: values[1]), nil)
    case .trace:
      (
        inspectorRows(
          traceLines(count: values.first.flatMap { Int($0) } ?? ReplBuiltin.defaultTraceCount)),
        nil
      )
    case .history: (inspectorRows(historyLines()), nil)
    case .undo: (undo(), nil)
    case .save: save(to: values[0])
    // A line that quits or awaits never runs: the state machine handles it.
    case .quit, .exit, .shortQuit, .await: ([], nil)
    }
  }

  /// The inspector's `lines` as a terminal shows them: wrapped at its width after spaces and
  /// between the nodes of a path, where the terminal would cut a name. Piped, lines stay whole
  /// for the programs that read them.
  private func inspectorRows(_ lines: [TerminalText]) -> [TerminalText] {
    guard let console, console.isInteractive else { return lines }
    let width = max(1, console.width)
    return lines.flatMap { TextLayout.wrappedAtSeparators($0, width: width) }
  }

  private func helpLines() -> [TerminalText] {
    let screenRows = current.commands.map { ($0.usage, $0.help) }
    let builtinRows = ReplBuiltin.listed(isInteractive: current.isInteractive).map {
      ($0.command.usage, $0.help)
    }
    let usageWidth = min(
      28, (screenRows + builtinRows).map { TextLayout.displayWidth($0.0) }.max() ?? 0)
    func row(_ usage: String, _ help: String) -> TerminalText {
      TerminalText(
        TextLayout.trimmingTrailingSpaces(
          "  " + TextLayout.pad(usage, width: max(usage.count, usageWidth)) + "  " + help))
    }
    let answer = current.question.map { [TerminalText($0.help)] } ?? []
    return ["Commands:"] + screenRows.map(row) + answer + ["Always available:"]
      + builtinRows.map(row) + ["Enter on an empty line shows the screen again."]
  }

  /// The last `count` passes the tracer kept, oldest first.
  private func traceLines(count: Int) -> [TerminalText] {
    InspectorPrinter.traceLines(Array(tracer.passes.suffix(count)))
  }

  /// Writes the steps the tracer kept to `file`, for a trace viewer, and says where.
  private func exportTrace(to file: String) -> [TerminalText] {
    let shown = TextLayout.truncate(Self.displaySafe(file), width: 120)
    let path = FileAccess.expandingTilde(file, home: getenv("HOME").map { String(cString: $0) })
    do {
      try TraceEventsFile.write(tracer, to: path)
    } catch {
      return [TerminalText("error: could not write the trace to \(shown): \(error)", style: .error)]
    }
    let count = tracer.passes.count
    return [
      "Wrote the last \(count) step\(count == 1 ? "" : "s") to \(shown);"
        + " open it in Perfetto, chrome://tracing or speedscope."
    ]
  }

  /// The recorded steps, oldest first, marking the current one.
  private func historyLines() -> [TerminalText] {
    guard historyLimit > 0 else {
      return ["No history is kept (the app runs with a history limit of 0)."]
    }
    return InspectorPrinter.historyLines(host.history, limit: historyLimit)
  }

  /// Goes back to the step before the last undoable command still in the history, taking
  /// back every step the command made (and those after it), and says which.
  private func undo() -> [TerminalText] {
    guard historyLimit > 0 else {
      return ["Nothing to undo: no history is kept (the history limit is 0)."]
    }
    let steps = host.history
    while let mark = undoMarks.popLast() {
      guard let index = steps.firstIndex(where: { $0.number == mark }), index + 1 < steps.count,
        host.rewind(toStep: mark)
      else { continue }
      let undone = steps[(index + 1)...]
      let first = undone[undone.startIndex]
      guard undone.count > 1 else {
        return ["Undid step \(first.number): " + InspectorPrinter.cause(first.cause) + "."]
      }
      return [
        "Undid steps \(first.number) to \(steps[steps.count - 1].number): "
          + InspectorPrinter.cause(first.cause) + " and \(undone.count - 1) more."
      ]
    }
    return ["Nothing to undo."]
  }

  /// Writes the host's snapshot to `file`, relative to the current directory.
  private func save(to file: String) -> (reply: [TerminalText], snapshot: WorkflowSnapshot?) {
    let shown = TextLayout.truncate(Self.displaySafe(file), width: 120)
    let home = getenv("HOME").map { String(cString: $0) }
    let path = FileAccess.expandingTilde(file, home: home)
    let snapshot: WorkflowSnapshot
    do {
      snapshot = try host.snapshot()
    } catch {
      return ([TerminalText("error: could not save to \(shown): \(error)", style: .error)], nil)
    }
    // The state file is brought up to date with the same snapshot, whether this write works.
    do {
      try SnapshotFile.write(snapshot, to: path, createsFolders: false)
      return (["Saved to \(shown)."], snapshot)
    } catch {
      return (
        [TerminalText("error: could not save to \(shown): \(error)", style: .error)], snapshot
      )
    }
  }
}
