// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The saved states of a tree at one moment, kept as values, encoded into a
/// ``WorkflowSnapshot`` when one is first asked for, and restored as they are by a rewind.
///
/// Taking a capture copies each snapshottable node's state, which for the usual value types
/// (arrays and strings included) shares their storage: it costs the same for ten todos or ten
/// thousand. The history takes one per step, and most are never encoded. A state of a class
/// type is encoded when the capture is taken, since later actions would change the object it
/// holds.
///
/// The first ``snapshot()`` encodes the states and keeps the result (or the failure) until
/// ``forgetEncoding()``; the states stay, for a rewind to restore without going through JSON.
/// A capture can be read from any thread.
final class SnapshotCapture: @unchecked Sendable {
  /// The captured states: copies no one changes, so any thread may read them.
  let root: CapturedNode
  /// The outcome of encoding the states, once asked for.
  private let encoding = Locked<Result<WorkflowSnapshot, WorkflowSnapshotError>?>(nil)

  /// Creates a capture of the tree whose root is `root`.
  init(root: CapturedNode) {
    self.root = root
  }

  /// The snapshot of the captured states, encoded on the first call.
  ///
  /// - Throws: ``WorkflowSnapshotError`` naming the first node whose state did not encode; the
  ///   same error on every call.
  func snapshot() throws(WorkflowSnapshotError) -> WorkflowSnapshot {
    try encoding.withLock { encoding in
      if let encoded = encoding { return encoded }
      let result = Result { () throws(WorkflowSnapshotError) in
        do throws(CapturedNode.Failure) {
          return WorkflowSnapshot(root: try root.encoded())
        } catch {
          throw WorkflowSnapshotError(
            path: WorkflowNodePath(components: error.pathFromNode.reversed()),
            reason: error.reason)
        }
      }
      encoding = result
      return result
    }.get()
  }

  /// Drops the encoded snapshot, which the next ``snapshot()`` makes again from the states:
  /// called when the capture is no longer the tree's latest, so that a history whose steps
  /// were saved does not hold each step's states twice.
  func forgetEncoding() {
    encoding.withLock { $0 = nil }
  }
}

/// One node of a ``SnapshotCapture``: its place in the tree and its state, not yet encoded.
package struct CapturedNode {
  /// The workflow type's name as paths print it, for the error of a state that fails.
  let typeName: String
  /// The module-qualified name that snapshots record.
  let snapshotTypeName: String
  let key: String
  /// The node's state; `nil` for a node that does not opt in.
  let state: CapturedState?
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
    let encodedState: Data?
    do {
      encodedState = try state?.encoded()
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
      workflowType: snapshotTypeName, key: key, state: encodedState, children: children)
  }

  /// Whether a rewind can restore every state of this subtree: true unless the state of an
  /// object failed to encode when it was captured (a value is restored as it is).
  var isRestorable: Bool {
    if let state, !state.isRestorable { return false }
    return children.allSatisfy(\.isRestorable)
  }
}

/// A node's state as a capture keeps it.
///
/// Not generic: capturing runs in unspecialized code, where making a generic value looked its
/// metadata up on every step (H1 +2.7%).
enum CapturedState {
  /// A state kept as a value: a copy that shares the node's storage until the node changes it,
  /// and how to encode it.
  case value(Any, encode: (Any) throws -> Data)
  /// A state kept as the JSON it encoded to when captured, or the error it failed with: the
  /// state of an object, which later actions would change in place.
  case encoded(Result<Data, any Error>)

  /// The state as JSON.
  func encoded() throws -> Data {
    switch self {
    case .value(let value, let encode): try encode(value)
    case .encoded(let result): try result.get()
    }
  }

  /// Whether the state can be restored: a value always, an object when it encoded.
  var isRestorable: Bool {
    switch self {
    case .value: true
    case .encoded(.success): true
    case .encoded(.failure): false
    }
  }
}
