// SPDX-License-Identifier: Apache-2.0

/// A picture of the live workflow tree, for debugging: each node's type, key, state and
/// children.
///
/// Take one with ``WorkflowHost/debugTree()``. It prints as an indented tree and encodes to JSON
/// with `JSONEncoder`:
///
/// ```text
/// AppWorkflow state=AppState(screen: 1)
///   CounterWorkflow[left] state=3
///   CounterWorkflow[right] state=0
/// ```
public struct WorkflowTreeSnapshot: Hashable, Codable, Sendable {
  /// The name of the node's workflow type.
  public var typeName: String
  /// The key the node was rendered under; empty for the root and unkeyed children.
  public var key: String
  /// The node's state, as `String(describing:)` prints it.
  public var state: String
  /// The node's children, in render order.
  public var children: [WorkflowTreeSnapshot]

  /// Creates a snapshot.
  public init(typeName: String, key: String, state: String, children: [WorkflowTreeSnapshot]) {
    self.typeName = typeName
    self.key = key
    self.state = state
    self.children = children
  }
}

extension WorkflowTreeSnapshot: CustomStringConvertible {
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
