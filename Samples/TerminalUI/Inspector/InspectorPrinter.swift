// SPDX-License-Identifier: Apache-2.0

import Workflow

/// Prints the debug views, `:trace`, `:tree` and `:history`.
///
/// The text is the core's (``RenderPassTrace``'s and ``WorkflowDebugTree``'s descriptions, the
/// history's causes); this picks out the parts to look at, which a colour terminal shows
/// styled: the name of each changed field highlighted and its old value dim, pass headers and
/// node names bold, the paths of history causes dim. Like all ``TerminalText``, the app's text
/// is made visible when it is written, so it cannot forge an escape sequence.
package enum InspectorPrinter {
  // MARK: Trace

  /// The lines of `:trace` for `passes`, oldest first.
  package static func traceLines(_ passes: [RenderPassTrace]) -> [TerminalText] {
    guard let first = passes.first, let last = passes.last else {
      return ["No render passes yet."]
    }
    let header: TerminalText =
      passes.count == 1
      ? "Render pass \(last.number) of \(last.number):"
      : "Render passes \(first.number) to \(last.number) of \(last.number), oldest first:"
    return [header] + passes.flatMap(lines(of:))
  }

  /// The pass as its description prints it, with the changed fields picked out.
  private static func lines(of pass: RenderPassTrace) -> [TerminalText] {
    let plain = pass.description.split(separator: "\n").map(String.init)
    var lines = plain.map { TerminalText($0) }
    guard !lines.isEmpty else { return lines }
    lines[0] = TerminalText(plain[0], style: .title)
    // The description has one line per action, then one per change (or one saying there was
    // none); the lines after the actions (outputs, renders) stay as they are.
    var index = 1
    for action in pass.actions where index < lines.count {
      index += 1
      if action.changes.isEmpty, index < lines.count {
        let indent = String(plain[index].prefix { $0 == " " })
        lines[index] =
          indent + TerminalText(String(plain[index].dropFirst(indent.count)), style: .hint)
        index += 1
      }
      for change in action.changes where index < lines.count {
        lines[index] = highlightingField(change, in: plain[index])
        index += 1
      }
    }
    return lines
  }

  /// `line`, the printed `change`, with the field's name highlighted and the old value dim.
  private static func highlightingField(
    _ change: RenderPassTrace.StateChange, in line: String
  ) -> TerminalText {
    let indent = "    "
    let name = change.field.isEmpty ? "state" : change.field
    guard line == "\(indent)\(name): \(change.before) -> \(change.after)" else {
      return TerminalText(line)
    }
    return indent + TerminalText(name, style: .highlight) + ": "
      + TerminalText(change.before, style: .hint) + " -> " + change.after
  }

  // MARK: Tree

  /// The lines of `:tree`, as the tree's description prints them, with node names in bold.
  package static func treeLines(_ tree: WorkflowDebugTree) -> [TerminalText] {
    let plain = tree.description.split(separator: "\n").map(String.init)
    var lines = plain.map { TerminalText($0) }
    // The description has one line per node, parents before their children.
    var index = 0
    func highlight(_ node: WorkflowDebugTree, depth: Int) {
      guard index < lines.count else { return }
      let indent = String(repeating: "  ", count: depth)
      let name = WorkflowNodePath.Component(typeName: node.typeName, key: node.key).description
      if plain[index].hasPrefix(indent + name + " state=") {
        lines[index] =
          indent + TerminalText(name, style: .title)
          + String(plain[index].dropFirst(indent.count + name.count))
      }
      index += 1
      for child in node.children { highlight(child, depth: depth + 1) }
    }
    highlight(tree, depth: 0)
    return lines
  }

  // MARK: History

  /// The lines of `:history`: the steps oldest first, the current (latest) one marked, and a
  /// note when older steps were dropped beyond `limit`.
  package static func historyLines(_ steps: [WorkflowHistoryStep], limit: Int) -> [TerminalText] {
    guard let last = steps.last else { return ["No steps recorded yet."] }
    let numberWidth = String(last.number).count
    var lines: [TerminalText] = ["Steps, oldest first (* marks the current one):"]
    if steps[0].number > 0 {
      lines.append("  (steps before \(steps[0].number) are forgotten: \(limit) are kept)")
    }
    for step in steps {
      let number = String(step.number)
      let isCurrent = step.number == last.number
      let row =
        "  \(isCurrent ? "*" : " ") " + String(repeating: " ", count: numberWidth - number.count)
        + number + "  "
      lines.append(TerminalText(row, style: isCurrent ? .title : nil) + cause(step.cause))
    }
    return lines
  }

  /// What led to a step, its node path dim.
  package static func cause(_ cause: WorkflowHistoryStep.Cause) -> TerminalText {
    guard case .action(let action, let path, let others) = cause else {
      return TerminalText(cause.description)
    }
    return action + " at " + TerminalText(path.description, style: .hint)
      + (others > 0 ? " (+\(others) more)" : "")
  }
}
