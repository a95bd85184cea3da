// SPDX-License-Identifier: Apache-2.0

/// What one step of a host did, as a ``WorkflowTracer`` recorded it: why it ran, the actions
/// applied with the state fields they changed, the outputs passed up, and every node rendered
/// or reused.
///
/// `Codable`, so a trace can be written as JSON lines; `description` prints it for people.
public struct RenderPassTrace: Hashable, Codable, Sendable {
  /// The pass's position among all passes the tracer saw, from 1.
  public let number: Int
  /// Why the pass ran.
  public let cause: RenderCause
  /// Whether the tree rendered; `false` for a step whose actions changed no state.
  public let rendered: Bool
  /// The actions applied before the render, in order.
  public let actions: [Action]
  /// The outputs nodes passed to their parents (or the host), in order.
  public let outputs: [Output]
  /// The nodes asked for their rendering, in order.
  public let renders: [NodeRender]

  package init(
    number: Int, cause: RenderCause, rendered: Bool, actions: [Action], outputs: [Output],
    renders: [NodeRender]
  ) {
    self.number = number
    self.cause = cause
    self.rendered = rendered
    self.actions = actions
    self.outputs = outputs
    self.renders = renders
  }

  /// One applied action.
  public struct Action: Hashable, Codable, Sendable {
    /// The node the action was applied to.
    public let path: WorkflowNodePath
    /// The action, as it prints.
    public let action: String
    /// The state fields the action changed; empty when it changed nothing.
    public let changes: [StateChange]
    /// The output the action produced, as it prints.
    public let output: String?

    package init(path: WorkflowNodePath, action: String, changes: [StateChange], output: String?) {
      self.path = path
      self.action = action
      self.changes = changes
      self.output = output
    }
  }

  /// One changed field of a state.
  public struct StateChange: Hashable, Codable, Sendable {
    /// The field's name (`outer.inner` for nested fields); empty when the state changed whole.
    public let field: String
    /// The field's value before the action, as it prints.
    public let before: String
    /// The field's value after the action, as it prints.
    public let after: String

    package init(field: String, before: String, after: String) {
      self.field = field
      self.before = before
      self.after = after
    }
  }

  /// One output passed up the tree.
  public struct Output: Hashable, Codable, Sendable {
    /// The node that emitted it.
    public let path: WorkflowNodePath
    /// The output, as it prints.
    public let output: String

    package init(path: WorkflowNodePath, output: String) {
      self.path = path
      self.output = output
    }
  }

  /// One node asked for its rendering.
  public struct NodeRender: Hashable, Codable, Sendable {
    /// The node.
    public let path: WorkflowNodePath
    /// Whether the node reused its last rendering instead of calling `render`.
    public let isReused: Bool

    package init(path: WorkflowNodePath, isReused: Bool) {
      self.path = path
      self.isReused = isReused
    }
  }
}

extension RenderPassTrace: CustomStringConvertible {
  /// The pass over several lines: the cause, each action with its changes, the outputs, then
  /// the rendered and reused nodes.
  public var description: String {
    var lines = ["#\(number) \(cause)\(rendered ? "" : " (no render: nothing changed)")"]
    for action in actions {
      var line = "  action \(action.action) at \(action.path)"
      if let output = action.output { line += " -> \(output)" }
      lines.append(line)
      if action.changes.isEmpty { lines.append("    (state unchanged)") }
      for change in action.changes {
        let name = change.field.isEmpty ? "state" : change.field
        lines.append("    \(name): \(change.before) -> \(change.after)")
      }
    }
    for output in outputs where !actions.contains(where: { $0.path == output.path }) {
      lines.append("  output \(output.output) from \(output.path)")
    }
    let fresh = renders.filter { !$0.isReused }.map(\.path)
    let reused = renders.filter(\.isReused).map(\.path)
    if !fresh.isEmpty { lines.append("  rendered \(fresh.count): " + Self.list(fresh)) }
    if !reused.isEmpty { lines.append("  reused \(reused.count): " + Self.list(reused)) }
    return lines.joined(separator: "\n")
  }

  private static func list(_ paths: [WorkflowNodePath], limit: Int = 6) -> String {
    let shown = paths.prefix(limit).map { $0.components.last?.description ?? "" }
    let rest = paths.count - shown.count
    return shown.joined(separator: ", ") + (rest > 0 ? ", +\(rest) more" : "")
  }
}
