// SPDX-License-Identifier: Apache-2.0

/// Where a node sits in the tree: the type and key of every node from the root down to it.
///
/// Prints as `Root/Child[key]`, leaving out empty keys.
public struct WorkflowNodePath: Hashable, Codable, Sendable {
  /// One step of a path.
  public struct Component: Hashable, Codable, Sendable {
    /// The name of the workflow type.
    public let typeName: String
    /// The key the parent rendered the node under; empty for the root and unkeyed children.
    public let key: String

    /// Creates a component, e.g. to compare with a traced path.
    public init(typeName: String, key: String) {
      self.typeName = typeName
      self.key = key
    }
  }

  /// The steps, root first.
  public let components: [Component]

  /// Creates a path from its steps, root first, e.g. to compare with a traced path.
  public init(components: [Component]) {
    self.components = components
  }
}

extension WorkflowNodePath {
  /// Decodes a path from the array of components ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    components = try decoder.singleValueContainer().decode([Component].self)
  }

  /// Encodes the path as an array of components, root first, e.g.
  /// `[{"type":"Root","key":""},{"type":"Child","key":"a"}]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(components)
  }
}

extension WorkflowNodePath.Component {
  private enum CodingKeys: String, CodingKey {
    case typeName = "type"
    case key
  }
}

extension WorkflowNodePath: CustomStringConvertible {
  /// The path as `Root/Child[key]`.
  public var description: String {
    components.map(\.description).joined(separator: "/")
  }
}

extension WorkflowNodePath.Component: CustomStringConvertible {
  /// The step as `Type[key]`, or `Type` when the key is empty.
  public var description: String {
    key.isEmpty ? typeName : "\(typeName)[\(key)]"
  }
}
