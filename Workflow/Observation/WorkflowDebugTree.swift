// SPDX-License-Identifier: Apache-2.0

/// A picture of the live workflow tree, for debugging: each node's type, key, state and
/// children.
///
/// Not to be confused with a ``WorkflowSnapshot``, the saved states a host restores from: this
/// only describes the tree, for people.
///
/// Take one with ``WorkflowHost/debugTree()``. It prints as an indented tree and encodes to JSON
/// with `JSONEncoder`:
///
/// ```text
/// AppWorkflow state=AppState(screen: 1)
///   CounterWorkflow[left] state=3
///   CounterWorkflow[right] state=0
/// ```
public struct WorkflowDebugTree: Hashable, Codable, Sendable {
  /// The name of the node's workflow type.
  public let typeName: String
  /// The key the node was rendered under; empty for the root and unkeyed children.
  public let key: String
  /// The node's state on one line, as people read it: without module names, an optional as
  /// its value or `nil`, a long value cut with an ellipsis.
  public let state: String
  /// The node's children, in render order.
  public let children: [WorkflowDebugTree]

  package init(typeName: String, key: String, state: String, children: [WorkflowDebugTree]) {
    self.typeName = typeName
    self.key = key
    self.state = state
    self.children = children
  }
}

extension WorkflowDebugTree: CustomStringConvertible {
  /// The tree, one node per line, children indented by two spaces.
  public var description: String {
    var lines: [String] = []
    appendLines(to: &lines, depth: 0)
    return lines.joined(separator: "\n")
  }

  private func appendLines(to lines: inout [String], depth: Int) {
    let name = WorkflowNodePath.Component(typeName: typeName, key: key)
    lines.append(String(repeating: "  ", count: depth) + "\(name) state=\(state)")
    for child in children { child.appendLines(to: &lines, depth: depth + 1) }
  }
}
