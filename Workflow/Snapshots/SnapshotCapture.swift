// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The saved states of a tree at one moment, kept as values and encoded into a
/// ``WorkflowSnapshot`` when one is first asked for.
///
/// Taking a capture copies each snapshottable node's state, which for the usual value types
/// (arrays and strings included) shares their storage: it costs the same for ten todos or ten
/// thousand. The history takes one per step, and most are never encoded. A state of a class
/// type is encoded when the capture is taken, since later actions would change the object it
/// holds.
///
/// The first ``snapshot()`` encodes the states and keeps the result (or the failure), then
/// drops the captured states; a capture can be read from any thread.
final class SnapshotCapture: @unchecked Sendable {
  /// What the capture holds: the states until they are encoded, then the outcome.
  private enum Contents {
    case captured(CapturedNode)
    case encoded(Result<WorkflowSnapshot, WorkflowSnapshotError>)
  }

  // The captured states are copies no one else changes, read only under this lock.
  private let contents: Locked<Contents>

  /// Creates a capture of the tree whose root is `root`.
  init(root: CapturedNode) {
    contents = Locked(.captured(root))
  }

  /// The snapshot of the captured states, encoded on the first call.
  ///
  /// - Throws: ``WorkflowSnapshotError`` naming the first node whose state did not encode; the
  ///   same error on every call.
  func snapshot() throws(WorkflowSnapshotError) -> WorkflowSnapshot {
    try contents.withLock { contents in
      if case .encoded(let result) = contents { return result }
      guard case .captured(let root) = contents else { preconditionFailure("unreachable") }
      let result = Result { () throws(WorkflowSnapshotError) in
        do throws(CapturedNode.Failure) {
          return WorkflowSnapshot(root: try root.encoded())
        } catch {
          throw WorkflowSnapshotError(
            path: WorkflowNodePath(components: error.pathFromNode.reversed()),
            reason: error.reason)
        }
      }
      contents = .encoded(result)
      return result
    }.get()
  }
}

/// One node of a ``SnapshotCapture``: its place in the tree and its state, not yet encoded.
struct CapturedNode {
  /// The workflow type's name as paths print it, for the error of a state that fails.
  let typeName: String
  /// The module-qualified name that snapshots record.
  let snapshotTypeName: String
  let key: String
  /// Encodes the state; `nil` for a node that does not opt in.
  let encodeState: (() throws -> Data)?
  /// The children with saved state in their subtree, in render order.
  let children: [CapturedNode]

  /// A state that did not encode, and the path up from its node, found as the encoding
  /// unwinds (so that a snapshot that encodes builds no paths).
  fileprivate struct Failure: Error {
    var pathFromNode: [WorkflowNodePath.Component]
    let reason: String
  }

  /// The snapshot node of this one and its subtree, with every state encoded.
  fileprivate func encoded() throws(Failure) -> WorkflowSnapshot.Node {
    let state: Data?
    do {
      state = try encodeState?()
    } catch {
      throw Failure(
        pathFromNode: [.init(typeName: typeName, key: key)], reason: String(describing: error))
    }
    var children: [WorkflowSnapshot.Node] = []
    children.reserveCapacity(self.children.count)
    for child in self.children {
      do {
        children.append(try child.encoded())
      } catch {
        var failure = error
        failure.pathFromNode.append(.init(typeName: typeName, key: key))
        throw failure
      }
    }
    return WorkflowSnapshot.Node(
      workflowType: snapshotTypeName, key: key, state: state, children: children)
  }
}
