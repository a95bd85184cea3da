// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes the JSON form of a ``WorkflowSnapshot`` that ``SnapshotJSONReader`` defines, copying each
/// state's bytes into it rather than parsing and encoding them again.
///
/// Keys are sorted; when pretty-printed, the snapshot's own objects have one member a line,
/// indented by two spaces, and each state is the JSON it holds, on one line. Each state is
/// checked on the way (about a tenth of what encoding it took), so that a state someone set to
/// text that is not JSON fails the write instead of making a file that does not read back.
struct SnapshotJSONWriter {
  /// The text so far.
  private var output: [UInt8] = []
  /// Whether the snapshot's objects are indented.
  private let prettyPrinted: Bool

  private init(prettyPrinted: Bool) {
    self.prettyPrinted = prettyPrinted
  }

  /// The JSON text of `snapshot`.
  ///
  /// - Throws: An `EncodingError` when a state is not one JSON value, or the tree is nested
  ///   deeper than ``JSONScanner/maximumDepth`` allows reading back.
  static func bytes(of snapshot: WorkflowSnapshot, prettyPrinted: Bool) throws -> [UInt8] {
    var writer = SnapshotJSONWriter(prettyPrinted: prettyPrinted)
    writer.output.reserveCapacity(estimatedSize(of: snapshot.root) + 64)
    writer.append("{")
    writer.newline(indent: 2)
    writer.appendName("formatVersion")
    writer.append(String(WorkflowSnapshot.formatVersion))
    writer.append(",")
    writer.newline(indent: 2)
    writer.appendName("root")
    try writer.append(snapshot.root, indent: 2, depth: 2, path: [.init("root")])
    writer.newline(indent: 0)
    writer.append("}")
    if prettyPrinted { writer.append("\n") }
    return writer.output
  }

  /// The compact JSON text of `node` alone.
  ///
  /// - Throws: An `EncodingError` when a state is not one JSON value, or the tree is nested
  ///   deeper than ``JSONScanner/maximumDepth`` allows reading back.
  static func bytes(of node: WorkflowSnapshot.Node) throws -> [UInt8] {
    var writer = SnapshotJSONWriter(prettyPrinted: false)
    writer.output.reserveCapacity(estimatedSize(of: node))
    try writer.append(node, indent: 0, depth: 1, path: [])
    return writer.output
  }

  /// About the length of `node`'s text, to reserve it at once.
  private static func estimatedSize(of node: WorkflowSnapshot.Node) -> Int {
    node.children.reduce(128 + node.workflowType.utf8.count + (node.state?.count ?? 0)) {
      $0 + estimatedSize(of: $1)
    }
  }

  /// Appends `node`'s object, nested `depth` levels down and indented by `indent` spaces.
  private mutating func append(
    _ node: WorkflowSnapshot.Node, indent: Int, depth: Int, path: [JSONPathKey]
  ) throws {
    guard depth <= JSONScanner.maximumDepth else {
      throw EncodingError.invalidValue(
        node,
        .init(
          codingPath: path,
          debugDescription:
            "the tree is nested deeper than \(JSONScanner.maximumDepth) levels of JSON"))
    }
    append("{")
    newline(indent: indent + 2)
    if !node.children.isEmpty {
      appendName("children")
      append("[")
      let childrenPath = path + [.init("children")]
      for (index, child) in node.children.enumerated() {
        newline(indent: indent + 4)
        try append(
          child, indent: indent + 4, depth: depth + 2,
          path: childrenPath + [.init(index: index)])
        if index < node.children.count - 1 { append(",") }
      }
      newline(indent: indent + 2)
      append("],")
      newline(indent: indent + 2)
    }
    appendName("key")
    appendString(node.key)
    append(",")
    newline(indent: indent + 2)
    if let state = node.state {
      let bytes = [UInt8](state)
      let statePath = path + [.init("state")]
      do {
        try JSONScanner.checkValue(bytes, depth: depth, path: statePath)
      } catch {
        throw EncodingError.invalidValue(
          state,
          .init(
            codingPath: statePath,
            debugDescription:
              "the state of \(node.workflowType) is not JSON: \(Self.problem(in: error))"))
      }
      appendName("state")
      output.append(contentsOf: bytes)
      append(",")
      newline(indent: indent + 2)
    }
    appendName("type")
    appendString(node.workflowType)
    newline(indent: indent)
    append("}")
  }

  /// What the reader found wrong with a state's text, without the words every such error
  /// starts with.
  private static func problem(in error: any Error) -> String {
    guard case .dataCorrupted(let context) = error as? DecodingError else { return "\(error)" }
    let prefix = "The given data was not valid JSON. "
    let text = context.debugDescription
    return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
  }

  /// Appends `"name":`, with spaces around the colon when pretty-printed.
  private mutating func appendName(_ name: String) {
    appendString(name)
    append(prettyPrinted ? " : " : ":")
  }

  /// Appends a line break and `indent` spaces when pretty-printed.
  private mutating func newline(indent: Int) {
    guard prettyPrinted else { return }
    output.append(0x0A)
    output.append(contentsOf: repeatElement(0x20, count: indent))
  }

  /// Appends `text` as it is.
  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  /// Appends `text` as a JSON string.
  private mutating func appendString(_ text: String) {
    JSONText.appendString(text, to: &output)
  }
}
