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

  /// The state that a node of type `W` starts from: the saved one (`isRestored` becomes
  /// true), or `makeInitialState()` when there is none or it cannot be used (`skipReason`
  /// then says why); `pendingChildren` becomes the entries of the node's children, if any.
  ///
  /// Returns the state itself, not a generic enum of the outcomes: restoring runs in
  /// unspecialized code, where such an enum cost metadata lookups per node (P2 +38%).
  /// Consuming, so that the entry's fields move out instead of being copied.
  consuming func restoredState<W: Workflow>(
    with info: WorkflowTypeInfo<W>, isRestored: inout Bool,
    skipReason: inout WorkflowSnapshot.SkipReason?, pendingChildren: inout PendingRestores?,
    makeInitialState: () -> W.State
  ) -> W.State {
    let saved: Data
    switch consume self {
    case .encoded(let node):
      if !node.children.isEmpty { pendingChildren = PendingRestores(children: node.children) }
      guard let state = node.state else { return makeInitialState() }
      saved = state
    case .captured(let node):
      if !node.children.isEmpty { pendingChildren = PendingRestores(captured: node.children) }
      guard let state = node.state else { return makeInitialState() }
      // A value is restored as it was kept; only a state without one (an object's, encoded
      // when captured) goes through JSON.
      if let kept = Self.keptValue(of: W.State.self, in: state) {
        isRestored = true
        return kept
      }
      do {
        saved = try state.encoded()
      } catch {
        skipReason = .decodingFailed(
          workflowType: info.snapshotName, reason: String(describing: error))
        return makeInitialState()
      }
    }
    guard let coder = info.stateCoder else {
      skipReason = .notSnapshottable(workflowType: info.snapshotName)
      return makeInitialState()
    }
    do {
      let state = try coder.decode(saved)
      isRestored = true
      return state
    } catch {
      skipReason = .decodingFailed(
        workflowType: info.snapshotName, reason: describeDecodingError(error))
      return makeInitialState()
    }
  }

  /// The value `captured` kept, when it kept one of type `State`.
  ///
  /// Out of line, so that the snapshot path does not look up the metadata of the cast.
  @inline(never)
  private static func keptValue<State>(
    of _: State.Type, in captured: any CapturedState
  ) -> State? {
    (captured as? CapturedValue<State>)?.value
  }
}
