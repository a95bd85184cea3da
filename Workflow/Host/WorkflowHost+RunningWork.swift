// SPDX-License-Identifier: Apache-2.0

extension WorkflowHost {
  /// Describes every side effect and worker still running in the tree, one line each.
  ///
  /// Shared with WorkflowTesting, which fails a test that ends with work still running.
  package func runningWork() -> [String] {
    var lines: [String] = []
    core.root.describeRunningWork(into: &lines)
    return lines
  }
}

extension NodeBase {
  /// Appends a line per side effect of this node and its subtree; a worker's node reports its
  /// worker instead of its internal side effect.
  final func describeRunningWork(into lines: inout [String]) {
    if !sideEffects.isEmpty, !isWorkerWithEndedWork {
      if let workerName = runningWorkerName {
        let owner = parent.map { "\($0.path)" } ?? "the root"
        lines.append("worker \(workerName) with key \"\(key)\" under \(owner)")
      } else {
        for key in sideEffects.keys.map(describeSideEffectKey).sorted() {
          lines.append("side effect \(key) at \(path)")
        }
      }
    }
    for slot in children.slots { slot.node.describeRunningWork(into: &lines) }
  }
}
