// SPDX-License-Identifier: Apache-2.0

/// Snapshot entries waiting for the children they restore; each is taken once.
@usableFromInline
final class PendingRestores {
  private var entries: [WorkflowSnapshot.Node?]
  private var remaining: Int
  /// Where the next search starts: children are usually made in the order they were saved, so
  /// the next one is usually the entry after the last taken.
  private var hint = 0

  init(children: [WorkflowSnapshot.Node]) {
    entries = children
    remaining = children.count
  }

  /// Whether every entry was taken.
  var isEmpty: Bool { remaining == 0 }

  /// Takes the entry for a child of type `typeName` under `key`, if there is one.
  func take(typeName: String, key: String) -> WorkflowSnapshot.Node? {
    let count = entries.count
    for offset in 0..<count {
      let index = (hint + offset) % count
      guard let entry = entries[index], entry.key == key, entry.workflowType == typeName else {
        continue
      }
      entries[index] = nil
      remaining -= 1
      hint = index + 1
      return entry
    }
    return nil
  }
}
