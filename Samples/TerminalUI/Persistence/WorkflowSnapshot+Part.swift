// SPDX-License-Identifier: Apache-2.0

import Workflow

extension WorkflowSnapshot {
  /// The snapshot as saved by a host whose root is `workflowType`: itself when its root is of
  /// that type, else the first node of that type below (in render order, parents first) made
  /// the root, or nil when there is none.
  ///
  /// An app run inside another (the todo app in the `samples` launcher) is saved as a subtree
  /// of the other's snapshot; this is the part its own executable can restore.
  package func part(rootedAt workflowType: String) -> WorkflowSnapshot? {
    var pending = [root]
    while let node = pending.popLast() {
      if node.workflowType == workflowType {
        var part = node
        part.key = ""
        return WorkflowSnapshot(root: part)
      }
      pending.append(contentsOf: node.children.reversed())
    }
    return nil
  }
}
