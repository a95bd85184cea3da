// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The saved states of a running workflow tree: every ``SnapshottableWorkflow`` node, placed by
/// its path of workflow types and keys from the root.
///
/// Take one with ``WorkflowHost/snapshot()`` and start a host from one with
/// ``WorkflowHost/init(workflow:restoringFrom:observers:configuration:)``. Write it to a file
/// with ``jsonData(prettyPrinted:)`` and read it back with ``init(jsonData:)``; each state
/// appears as nested JSON:
///
/// ```json
/// {
///   "formatVersion": 1,
///   "root": {
///     "type": "Todo.TodoWorkflow", "key": "", "state": {...}, "children": [...]
///   }
/// }
/// ```
///
/// Nodes that do not opt in have no state in the snapshot; they appear only when a descendant
/// does, to keep its path.
///
/// A snapshot is a document: its fields can be changed, to migrate saved state when a workflow
/// type is renamed or its state changes shape. It is also `Codable`, to keep it inside another
/// document: any coder then holds the same document, read and written by the same code as
/// ``jsonData(prettyPrinted:)`` and ``init(jsonData:)``.
public struct WorkflowSnapshot: Hashable, Sendable {
  /// The version of the encoded form that this build writes and reads.
  public static let formatVersion = 1

  /// The root node.
  public var root: Node

  /// Creates a snapshot from its root node.
  public init(root: Node) {
    self.root = root
  }

  /// One node of a snapshot.
  public struct Node: Hashable, Sendable {
    /// The module-qualified name of the node's workflow type.
    public var workflowType: String
    /// The key the node was rendered under; empty for the root and unkeyed children.
    public var key: String
    /// The node's state as compact JSON; `nil` for a node that does not opt in.
    public var state: Data?
    /// The children that have saved state in their subtree, in render order.
    public var children: [Node]

    /// Creates a node.
    public init(workflowType: String, key: String, state: Data?, children: [Node]) {
      self.workflowType = workflowType
      self.key = key
      self.state = state
      self.children = children
    }
  }

  /// Why a snapshot entry was not used, reported by
  /// ``WorkflowObserver/snapshotEntryWasSkipped(_:at:)``; the node starts fresh.
  public enum SkipReason: Hashable, Sendable, CustomStringConvertible {
    /// The snapshot's root was saved from another workflow type.
    case typeChanged(saved: String, current: String)
    /// The entry has a state, but the workflow no longer conforms to ``SnapshottableWorkflow``.
    case notSnapshottable(workflowType: String)
    /// The saved state could not be decoded as the workflow's current `State`.
    case decodingFailed(workflowType: String, reason: String)

    /// The reason in one sentence.
    public var description: String {
      switch self {
      case .typeChanged(let saved, let current):
        "the snapshot was saved from \(saved), not \(current)"
      case .notSnapshottable(let type):
        "\(type) is no longer a SnapshottableWorkflow"
      case .decodingFailed(let type, let reason):
        "the saved state of \(type) could not be decoded: \(reason)"
      }
    }
  }
}

/// Why ``WorkflowHost/snapshot()`` could not encode a state.
public struct WorkflowSnapshotError: Error, CustomStringConvertible {
  /// The node whose state failed to encode.
  public let path: WorkflowNodePath
  /// What the encoder said.
  public let reason: String

  /// The failure in one sentence.
  public var description: String {
    "the state of \(path) could not be encoded: \(reason)"
  }
}
