// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A saved node that a new node starts from: an entry of a ``WorkflowSnapshot``, whose state
/// is decoded, or a node of a history step's capture, whose state is taken as it was kept.
package enum RestoreEntry {
  /// An entry of a snapshot, when a host starts from one.
  case encoded(WorkflowSnapshot.Node)
  /// A node of a ``SnapshotCapture``, when a host rewinds to a step of its history.
  case captured(CapturedNode)

  /// The module-qualified name of the node's workflow type.
  package var workflowType: String {
    switch self {
    case .encoded(let node): node.workflowType
    case .captured(let node): node.snapshotTypeName
    }
  }

  /// The key the node was rendered under.
  package var key: String {
    switch self {
    case .encoded(let node): node.key
    case .captured(let node): node.key
    }
  }

  /// The snapshot's entry, when the node is restored from one.
  package var encodedNode: WorkflowSnapshot.Node? {
    if case .encoded(let node) = self { node } else { nil }
  }

  /// The entries of the node's children, to restore them as they are first rendered; `nil`
  /// when it has none.
  func pendingChildren() -> PendingRestores? {
    switch self {
    case .encoded(let node):
      node.children.isEmpty ? nil : PendingRestores(children: node.children)
    case .captured(let node):
      node.children.isEmpty ? nil : PendingRestores(captured: node.children)
    }
  }

  /// The state that a node of type `W` starts from: the saved one, or none (the node starts
  /// fresh) with the reason the entry was skipped, if it was.
  func restoredState<W: Workflow>(
    with info: WorkflowTypeInfo<W>
  ) -> RestoredState<W.State>? {
    switch self {
    case .encoded(let node):
      guard let saved = node.state else { return nil }
      guard let coder = info.stateCoder else {
        return .skipped(.notSnapshottable(workflowType: info.snapshotName))
      }
      return Self.decode(saved, with: coder, info: info)
    case .captured(let node):
      guard let saved = node.state else { return nil }
      // A value is restored as it was kept; only a state without one (an object's, encoded
      // when captured) goes through JSON.
      if let kept = saved as? CapturedValue<W.State> { return .saved(kept.value) }
      guard let coder = info.stateCoder else {
        return .skipped(.notSnapshottable(workflowType: info.snapshotName))
      }
      do {
        return Self.decode(try saved.encoded(), with: coder, info: info)
      } catch {
        return .skipped(
          .decodingFailed(workflowType: info.snapshotName, reason: String(describing: error)))
      }
    }
  }

  private static func decode<W: Workflow>(
    _ data: Data, with coder: StateCoder<W.State>, info: WorkflowTypeInfo<W>
  ) -> RestoredState<W.State> {
    do {
      return .saved(try coder.decode(data))
    } catch {
      return .skipped(
        .decodingFailed(workflowType: info.snapshotName, reason: describeDecodingError(error)))
    }
  }
}

/// What a node restored from a ``RestoreEntry`` starts from.
enum RestoredState<State> {
  /// The saved state.
  case saved(State)
  /// A fresh state, since the entry could not be used, for this reason.
  case skipped(WorkflowSnapshot.SkipReason)
}
