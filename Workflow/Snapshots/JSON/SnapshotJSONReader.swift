// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the JSON form of a ``WorkflowSnapshot``: the one definition of the format, which
/// ``SnapshotJSONWriter`` writes and through which the `Codable` conformance reads too.
///
/// The document is an object with `formatVersion` (``WorkflowSnapshot/formatVersion``) and
/// `root`, a node; a node is an object with `type` (a string), `key` (a string; absent or `null`
/// is empty), `state` (any JSON value, `null` included; absent for a node without state) and
/// `children` (a list of nodes; absent or `null` is none). Members the format does not know
/// are skipped; a member it knows that appears twice in one object is rejected. Arrays and
/// objects nest at most ``JSONScanner/maximumDepth`` levels, the snapshot's own included. A
/// file of another version says so even when the rest does not fit this version.
///
/// It reads the bytes in one pass with a ``JSONScanner``, taking each state's text as written
/// (made compact) instead of parsing it into values. Why by hand: measured on a 10,000-todo
/// snapshot (the todo sample's state, 460 KB pretty-printed) with callgrind, reading it takes
/// 12.4M instructions here, against 1,752M through `JSONDecoder` (the `Codable` conformance,
/// which parses every state into a value and encodes it again) and 1,929M through
/// `JSONSerialization` (parsing to Foundation objects, each state serialised again); 4.6 ms
/// against 1,358 ms and 2,410 ms of wall time on the same machine. Decoding the todos
/// themselves from the state's text takes 188M. Writing: 12.8M instructions against 1,493M for
/// `JSONEncoder`.
struct SnapshotJSONReader {
  private var scanner: JSONScanner

  private init(bytes: [UInt8]) {
    scanner = JSONScanner(bytes: bytes)
  }

  /// Reads the snapshot that `bytes` hold.
  ///
  /// - Throws: A `DecodingError` for text that is not a snapshot of this format version.
  static func snapshot(from bytes: [UInt8]) throws -> WorkflowSnapshot {
    var reader = SnapshotJSONReader(bytes: bytes)
    return try reader.readDocument()
  }

  /// Reads the snapshot node that `bytes` hold, alone: a node's object and nothing after it.
  ///
  /// - Throws: A `DecodingError` for text that is not a node.
  static func node(from bytes: [UInt8]) throws -> WorkflowSnapshot.Node {
    var reader = SnapshotJSONReader(bytes: bytes)
    reader.scanner.skipWhitespace()
    let node = try reader.readNode(path: [], depth: 1)
    try reader.readEnd()
    return node
  }

  // MARK: The snapshot's objects

  /// Reads the whole document: the top-level object and nothing after it but whitespace.
  private mutating func readDocument() throws -> WorkflowSnapshot {
    // A byte order mark, which JSONDecoder accepts too.
    if scanner.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.position = 3 }
    scanner.skipWhitespace()
    try openObject(path: [], depth: 1)
    var version: Int?
    var root: WorkflowSnapshot.Node?
    var deferredRoot: Int?
    var seen: [String] = []
    var isFirst = true
    while let (name, offset) = try nextMember(isFirst: &isFirst, path: []) {
      let memberPath = [JSONPathKey(name)]
      switch name {
      case "formatVersion":
        try checkUnique(name, at: offset, seen: &seen, path: [])
        let value = try readInt(path: memberPath, depth: 1)
        guard value == WorkflowSnapshot.formatVersion else {
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: memberPath,
              debugDescription:
                "snapshot format \(value) is not supported"
                + " (this build reads \(WorkflowSnapshot.formatVersion))"))
        }
        version = value
      case "root":
        try checkUnique(name, at: offset, seen: &seen, path: [])
        if version == nil {
          // Read once the version is known, so that a file of another version says so.
          deferredRoot = scanner.position
          _ = try scanner.scanValue(depth: 1, path: memberPath)
        } else {
          root = try readNode(path: memberPath, depth: 2)
        }
      default:
        _ = try scanner.scanValue(depth: 1, path: memberPath)
      }
    }
    guard version != nil else { throw missingKey("formatVersion", path: []) }
    if let deferredRoot {
      let end = scanner.position
      scanner.position = deferredRoot
      root = try readNode(path: [JSONPathKey("root")], depth: 2)
      scanner.position = end
    }
    guard let root else { throw missingKey("root", path: []) }
    try readEnd()
    return WorkflowSnapshot(root: root)
  }

  /// Reads the whitespace after the document, and nothing else.
  private mutating func readEnd() throws {
    scanner.skipWhitespace()
    guard scanner.position == scanner.bytes.count else {
      throw scanner.invalid("Expected the end of the data but found \(scanner.found())")
    }
  }

  /// Reads a node's object, nested `depth` levels down.
  private mutating func readNode(path: [JSONPathKey], depth: Int) throws -> WorkflowSnapshot.Node {
    try openObject(path: path, depth: depth)
    var type: String?
    var key: String?
    var state: Data?
    var children: [WorkflowSnapshot.Node] = []
    var seen: [String] = []
    var isFirst = true
    while let (name, offset) = try nextMember(isFirst: &isFirst, path: path) {
      let memberPath = path + [JSONPathKey(name)]
      switch name {
      case "type":
        try checkUnique(name, at: offset, seen: &seen, path: path)
        type = try readString(path: memberPath, depth: depth, allowsNull: false)
      case "key":
        try checkUnique(name, at: offset, seen: &seen, path: path)
        key = try readString(path: memberPath, depth: depth, allowsNull: true)
      case "state":
        try checkUnique(name, at: offset, seen: &seen, path: path)
        let start = scanner.position
        let hasWhitespace = try scanner.scanValue(depth: depth, path: memberPath)
        state =
          hasWhitespace
          ? Data(JSONScanner.compacted(scanner.bytes, start..<scanner.position))
          : Data(scanner.bytes[start..<scanner.position])
      case "children":
        try checkUnique(name, at: offset, seen: &seen, path: path)
        children = try readChildren(path: memberPath, depth: depth + 1)
      default:
        _ = try scanner.scanValue(depth: depth, path: memberPath)
      }
    }
    guard let type else { throw missingKey("type", path: path) }
    return WorkflowSnapshot.Node(
      workflowType: type, key: key ?? "", state: state, children: children)
  }

  /// Reads a node's list of children, itself nested `depth` levels down; `null` is no children.
  private mutating func readChildren(
    path: [JSONPathKey], depth: Int
  ) throws -> [WorkflowSnapshot.Node] {
    if scanner.isAtNull() {
      scanner.position += 4
      return []
    }
    guard scanner.peek() == UInt8(ascii: "[") else {
      throw try mismatch([Any].self, path: path, depth: depth - 1)
    }
    guard depth <= JSONScanner.maximumDepth else { throw scanner.tooDeep(path: path) }
    scanner.position += 1
    scanner.skipWhitespace()
    var children: [WorkflowSnapshot.Node] = []
    if scanner.peek() == UInt8(ascii: "]") {
      scanner.position += 1
      return children
    }
    while true {
      children.append(
        try readNode(path: path + [JSONPathKey(index: children.count)], depth: depth + 1))
      scanner.skipWhitespace()
      switch scanner.peek() {
      case UInt8(ascii: ","):
        scanner.position += 1
        scanner.skipWhitespace()
      case UInt8(ascii: "]"):
        scanner.position += 1
        return children
      default:
        throw scanner.invalid(
          "Expected ',' or ']' after a list item but found \(scanner.found())", path: path)
      }
    }
  }

  /// Reads the `{` of an object nested `depth` levels down.
  private mutating func openObject(path: [JSONPathKey], depth: Int) throws {
    guard scanner.peek() == UInt8(ascii: "{") else {
      throw try mismatch([String: Any].self, path: path, depth: depth - 1)
    }
    guard depth <= JSONScanner.maximumDepth else { throw scanner.tooDeep(path: path) }
    scanner.position += 1
  }

  /// Reads the name of the next member of an object and the `:` after it, stopping at its
  /// value; nil at the object's `}`.
  ///
  /// - Returns: The name, and where it is for messages.
  private mutating func nextMember(
    isFirst: inout Bool, path: [JSONPathKey]
  ) throws -> (String, Int)? {
    scanner.skipWhitespace()
    if scanner.peek() == UInt8(ascii: "}") {
      scanner.position += 1
      return nil
    }
    if !isFirst {
      guard scanner.peek() == UInt8(ascii: ",") else {
        throw scanner.invalid(
          "Expected ',' or '}' after an object member but found \(scanner.found())", path: path)
      }
      scanner.position += 1
      scanner.skipWhitespace()
    }
    isFirst = false
    guard scanner.peek() == UInt8(ascii: "\"") else {
      throw scanner.invalid(
        "Expected a member name in quotes but found \(scanner.found())", path: path)
    }
    let offset = scanner.position
    let name = try scanner.readStringLiteral(path: path)
    scanner.skipWhitespace()
    guard scanner.peek() == UInt8(ascii: ":") else {
      throw scanner.invalid(
        "Expected ':' after a member name but found \(scanner.found())", path: path)
    }
    scanner.position += 1
    scanner.skipWhitespace()
    return (name, offset)
  }

  /// Throws when the member `name` was already read in this object, at `path`.
  private func checkUnique(
    _ name: String, at offset: Int, seen: inout [String], path: [JSONPathKey]
  ) throws {
    guard !seen.contains(name) else {
      let (line, column) = scanner.location(of: offset)
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: path,
          debugDescription: "key '\(name)' appears twice, again at line \(line), column \(column)")
      )
    }
    seen.append(name)
  }

  /// Reads a string value; nil for `null` when `allowsNull`.
  private mutating func readString(
    path: [JSONPathKey], depth: Int, allowsNull: Bool
  ) throws -> String? {
    if allowsNull, scanner.isAtNull() {
      scanner.position += 4
      return nil
    }
    guard scanner.peek() == UInt8(ascii: "\"") else {
      throw try mismatch(String.self, path: path, depth: depth)
    }
    return try scanner.readStringLiteral(path: path)
  }

  /// Reads an integer value.
  private mutating func readInt(path: [JSONPathKey], depth: Int) throws -> Int {
    let start = scanner.position
    guard let byte = scanner.peek(), byte == UInt8(ascii: "-") || scanner.isDigit(byte) else {
      throw try mismatch(Int.self, path: path, depth: depth)
    }
    let isInteger = try scanner.scanNumber(path: path)
    let text = String(decoding: scanner.bytes[start..<scanner.position], as: UTF8.self)
    // Like JSONDecoder, a number with a fraction or an exponent is taken when it is whole.
    guard let value = isInteger ? Int(text) : Double(text).flatMap({ Int(exactly: $0) }) else {
      throw DecodingError.typeMismatch(
        Int.self, .init(codingPath: path, debugDescription: "\(text) is not an Int"))
    }
    return value
  }

  /// The error for a value of the wrong kind at the scanner's position, once the value is checked to be
  /// JSON: `valueNotFound` for `null`, `typeMismatch` for anything else.
  private mutating func mismatch(_ type: Any.Type, path: [JSONPathKey], depth: Int) throws
    -> DecodingError
  {
    if scanner.isAtNull() {
      return .valueNotFound(
        type, .init(codingPath: path, debugDescription: "found null instead of \(type)"))
    }
    _ = try scanner.scanValue(depth: depth, path: path)
    return .typeMismatch(
      type, .init(codingPath: path, debugDescription: "found another kind of value than \(type)"))
  }

  /// The error for a missing member `name` of the object at `path`.
  private func missingKey(_ name: String, path: [JSONPathKey]) -> DecodingError {
    .keyNotFound(
      JSONPathKey(name), .init(codingPath: path, debugDescription: "no value for the key '\(name)'")
    )
  }

}
