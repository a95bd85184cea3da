// SPDX-License-Identifier: Apache-2.0

import Workflow

/// Prints the debug views, `:trace`, `:tree` and `:history`, for a terminal.
///
/// The text is the core's (``RenderPassTrace``'s and ``WorkflowDebugTree``'s descriptions, the
/// history's causes); this adds colour when the style has it: the name of each changed field
/// stands out, node names are bold, the paths of history causes dim. Every piece of text from
/// the app goes through `displaySafe` before any escape code is added.
@MainActor
package struct InspectorPrinter {
  let style: ReplStyle
  let displaySafe: @MainActor (String) -> String

  package init(style: ReplStyle, displaySafe: @escaping @MainActor (String) -> String) {
    self.style = style
    self.displaySafe = displaySafe
  }

  // MARK: Trace

  /// The lines of `:trace` for `passes`, oldest first.
  package func traceLines(_ passes: [RenderPassTrace]) -> [String] {
    guard let first = passes.first, let last = passes.last else {
      return ["No render passes yet."]
    }
    let header =
      passes.count == 1
      ? "Render pass \(last.number) of \(last.number):"
      : "Render passes \(first.number) to \(last.number) of \(last.number), oldest first:"
    return [header] + passes.flatMap(lines(of:))
  }

  /// The pass as its description prints it, with the changed fields picked out.
  private func lines(of pass: RenderPassTrace) -> [String] {
    var lines = pass.description.split(separator: "\n").map { displaySafe(String($0)) }
    guard style.isColored, !lines.isEmpty else { return lines }
    lines[0] = style.title(lines[0])
    // The description has one line per action, then one per change (or one saying there was
    // none); the lines after the actions (outputs, renders) stay as they are.
    var index = 1
    for action in pass.actions where index < lines.count {
      index += 1
      if action.changes.isEmpty, index < lines.count {
        let indent = lines[index].prefix { $0 == " " }
        lines[index] = indent + style.hint(String(lines[index].dropFirst(indent.count)))
        index += 1
      }
      for change in action.changes where index < lines.count {
        lines[index] = highlightingField(change, in: lines[index])
        index += 1
      }
    }
    return lines
  }

  /// `line`, the printed `change`, with the field's name highlighted and the old value dim.
  private func highlightingField(_ change: RenderPassTrace.StateChange, in line: String) -> String {
    let indent = "    "
    let name = displaySafe(change.field.isEmpty ? "state" : change.field)
    let before = displaySafe(change.before)
    let after = displaySafe(change.after)
    guard line == "\(indent)\(name): \(before) -> \(after)" else { return line }
    return indent + style.highlight(name) + ": " + style.hint(before) + " -> " + after
  }

  // MARK: Tree

  /// The lines of `:tree`, as the tree's description prints them, with node names in bold.
  package func treeLines(_ tree: WorkflowDebugTree) -> [String] {
    var lines = tree.description.split(separator: "\n").map { displaySafe(String($0)) }
    guard style.isColored else { return lines }
    // The description has one line per node, parents before their children.
    var index = 0
    func highlight(_ node: WorkflowDebugTree, depth: Int) {
      guard index < lines.count else { return }
      let indent = String(repeating: "  ", count: depth)
      let name = displaySafe(
        WorkflowNodePath.Component(typeName: node.typeName, key: node.key).description)
      if lines[index].hasPrefix(indent + name + " state=") {
        lines[index] =
          indent + style.title(name) + lines[index].dropFirst(indent.count + name.count)
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
  package func historyLines(_ steps: [WorkflowHistoryStep], limit: Int) -> [String] {
    guard let last = steps.last else { return ["No steps recorded yet."] }
    let numberWidth = String(last.number).count
    var lines = ["Steps, oldest first (* marks the current one):"]
    if steps[0].number > 0 {
      lines.append("  (steps before \(steps[0].number) are forgotten: \(limit) are kept)")
    }
    for step in steps {
      let number = String(step.number)
      let isCurrent = step.number == last.number
      let row =
        "  \(isCurrent ? "*" : " ") " + String(repeating: " ", count: numberWidth - number.count)
        + number + "  "
      lines.append((isCurrent ? style.title(row) : row) + cause(step.cause))
    }
    return lines
  }

  /// What led to a step, its node path dim.
  package func cause(_ cause: WorkflowHistoryStep.Cause) -> String {
    guard case .action(let action, let path, let others) = cause else {
      return displaySafe(cause.description)
    }
    return displaySafe(action) + " at " + style.hint(displaySafe(path.description))
      + (others > 0 ? " (+\(others) more)" : "")
  }
}
