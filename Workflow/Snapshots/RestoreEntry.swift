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

  /// The state that a node of type `W` restored from the captured `node` starts from: the
  /// value kept (`isRestored` becomes true), an object's state decoded from the JSON kept, or
  /// `makeInitialState()` when there is none or it cannot be used (`skipReason` then says
  /// why).
  static func restoredState<W: Workflow>(
    of node: CapturedNode, with info: WorkflowTypeInfo<W>, isRestored: inout Bool,
    skipReason: inout WorkflowSnapshot.SkipReason?, makeInitialState: () -> W.State
  ) -> W.State {
    guard let captured = node.state else { return makeInitialState() }
    // A value is restored as it was kept; only an object's state goes through JSON.
    if case .value(let value, _) = captured, let kept = value as? W.State {
      isRestored = true
      return kept
    }
    guard let coder = info.stateCoder else {
      skipReason = .notSnapshottable(workflowType: info.snapshotName)
      return makeInitialState()
    }
    do {
      let state = try coder.decode(try captured.encoded())
      isRestored = true
      return state
    } catch {
      skipReason = .decodingFailed(
        workflowType: info.snapshotName, reason: describeDecodingError(error))
      return makeInitialState()
    }
  }
}
