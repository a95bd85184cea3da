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
/// ``WorkflowHost/init(workflow:restoringFrom:observers:configuration:)``. A snapshot is
/// `Codable`; with `JSONEncoder` each state appears as nested JSON:
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
/// type is renamed or its state changes shape.
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

extension WorkflowSnapshot: Codable {
  private enum CodingKeys: String, CodingKey {
    case formatVersion
    case root
  }

  /// Decodes a snapshot; fails for a format version this build does not read.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .formatVersion)
    guard version == Self.formatVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .formatVersion, in: container,
        debugDescription:
          "snapshot format \(version) is not supported (this build reads \(Self.formatVersion))")
    }
    root = try container.decode(Node.self, forKey: .root)
  }

  /// Encodes the snapshot with its format version.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatVersion, forKey: .formatVersion)
    try container.encode(root, forKey: .root)
  }
}

extension WorkflowSnapshot.Node: Codable {
  private enum CodingKeys: String, CodingKey {
    case workflowType = "type"
    case key
    case state
    case children
  }

  /// Decodes a node; its state is read as any JSON value, `null` included.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    workflowType = try container.decode(String.self, forKey: .workflowType)
    key = try container.decodeIfPresent(String.self, forKey: .key) ?? ""
    // A state of `null` (a workflow whose state is an empty optional) is a state, not none.
    state =
      container.contains(.state)
      ? try container.decode(SnapshotJSON.self, forKey: .state).jsonData() : nil
    children = try container.decodeIfPresent([Self].self, forKey: .children) ?? []
  }

  /// Encodes the node with its state as nested JSON.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(workflowType, forKey: .workflowType)
    try container.encode(key, forKey: .key)
    if let state {
      try container.encode(try SnapshotJSON(json: state), forKey: .state)
    }
    if !children.isEmpty { try container.encode(children, forKey: .children) }
  }
}

extension WorkflowSnapshot {
  /// The snapshot as JSON, ready to write to a file: the document that `JSONEncoder` makes of
  /// it, with keys sorted, written without parsing the states again.
  ///
  /// Each state's bytes are copied as they are, so writing a large state costs little more than
  /// copying it. They are not checked: a state must be one JSON value, as the host makes it
  /// (compact, keys sorted), or the text will not read back. Pretty-printed, the snapshot's own
  /// objects have one member a line, indented by two spaces, with a line break at the end; each
  /// state stays compact, on the line of its `"state"` key.
  ///
  /// - Parameter prettyPrinted: Whether to indent the snapshot's objects for people to read.
  /// - Throws: An `EncodingError` when the tree is nested too deep for ``init(jsonData:)`` to
  ///   read back.
  public func jsonData(prettyPrinted: Bool = true) throws -> Data {
    Data(try SnapshotJSONWriter.bytes(of: self, prettyPrinted: prettyPrinted))
  }

  /// Reads a snapshot from JSON made by ``jsonData(prettyPrinted:)`` or by `JSONEncoder`.
  ///
  /// Each state is kept as written, with its members in their order, only made compact: the
  /// whitespace outside its strings is removed. A state of `null` is kept as `null`; a `key` or
  /// `children` of `null` reads as absent. Members the format does not know are skipped, and a
  /// member the format knows that appears twice in one object is rejected. The text must be
  /// UTF-8 JSON with at most 512 levels of arrays and objects, snapshot included, and nothing
  /// but whitespace after it.
  ///
  /// - Throws: A `DecodingError` for text that is not a snapshot of this format version; see
  ///   ``failureReason(for:)`` for it in words.
  public init(jsonData: Data) throws {
    self = try SnapshotJSONReader.snapshot(from: [UInt8](jsonData))
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
