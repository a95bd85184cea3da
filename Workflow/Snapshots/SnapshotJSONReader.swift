// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the JSON form of a ``WorkflowSnapshot`` from its UTF-8 bytes in one pass, taking each
/// state's bytes as written (made compact) instead of parsing them into values.
///
/// It is as strict as `JSONDecoder` is with a value that it decodes: the text must be UTF-8, with
/// no control characters or unpaired surrogates in strings, no malformed numbers and nothing but
/// whitespace after the document. Failures are `DecodingError`s that name the place: the path of
/// the value being read and, for text that is not JSON, its line and column.
struct SnapshotJSONReader {
  /// How deep arrays and objects may nest, counted from the top of the document with the
  /// snapshot's own objects included; deeper text is rejected, not read with a deep stack.
  static let maximumDepth = 512

  /// The text being read.
  private let bytes: [UInt8]
  /// The offset of the next byte to read.
  private var position = 0

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Reads the snapshot that `bytes` hold.
  ///
  /// - Throws: A `DecodingError` for text that is not a snapshot of this format version.
  static func snapshot(from bytes: [UInt8]) throws -> WorkflowSnapshot {
    var reader = SnapshotJSONReader(bytes: bytes)
    return try reader.readDocument()
  }

  /// Checks that `bytes` hold one JSON value, nested `depth` levels down in a document, with
  /// nothing but whitespace around it.
  ///
  /// - Throws: A `DecodingError` that says where the text is not JSON; `path` is the value's.
  static func checkValue(_ bytes: [UInt8], depth: Int, path: [PathKey]) throws {
    var reader = SnapshotJSONReader(bytes: bytes)
    _ = reader.skipWhitespace()
    _ = try reader.scanValue(depth: depth, path: path)
    _ = reader.skipWhitespace()
    guard reader.position == bytes.count else {
      throw reader.invalid("Expected the end of the value but found \(reader.found())", path: path)
    }
  }

  /// The JSON value in `range` of `bytes` (checked by the reader) without the whitespace
  /// outside its strings.
  private static func compacted(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(range.count)
    var isInString = false
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      if isInString {
        result.append(byte)
        if byte == UInt8(ascii: "\\") {
          index += 1
          result.append(bytes[index])
        } else if byte == UInt8(ascii: "\"") {
          isInString = false
        }
      } else if !isWhitespace(byte) {
        result.append(byte)
        isInString = byte == UInt8(ascii: "\"")
      }
      index += 1
    }
    return result
  }

  // MARK: The snapshot's objects

  /// Reads the whole document: the top-level object and nothing after it but whitespace.
  private mutating func readDocument() throws -> WorkflowSnapshot {
    // A byte order mark, which JSONDecoder accepts too.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    skipWhitespace()
    try openObject(path: [], depth: 1)
    var version: Int?
    var root: WorkflowSnapshot.Node?
    var deferredRoot: Int?
    var seen: [String] = []
    var isFirst = true
    while let (name, offset) = try nextMember(isFirst: &isFirst, path: []) {
      let memberPath = [PathKey(name)]
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
          deferredRoot = position
          _ = try scanValue(depth: 1, path: memberPath)
        } else {
          root = try readNode(path: memberPath, depth: 2)
        }
      default:
        _ = try scanValue(depth: 1, path: memberPath)
      }
    }
    guard version != nil else { throw missingKey("formatVersion", path: []) }
    if let deferredRoot {
      let end = position
      position = deferredRoot
      root = try readNode(path: [PathKey("root")], depth: 2)
      position = end
    }
    guard let root else { throw missingKey("root", path: []) }
    skipWhitespace()
    guard position == bytes.count else {
      throw invalid("Expected the end of the data but found \(found())")
    }
    return WorkflowSnapshot(root: root)
  }

  /// Reads a node's object, nested `depth` levels down.
  private mutating func readNode(path: [PathKey], depth: Int) throws -> WorkflowSnapshot.Node {
    try openObject(path: path, depth: depth)
    var type: String?
    var key: String?
    var state: Data?
    var children: [WorkflowSnapshot.Node] = []
    var seen: [String] = []
    var isFirst = true
    while let (name, offset) = try nextMember(isFirst: &isFirst, path: path) {
      let memberPath = path + [PathKey(name)]
      switch name {
      case "type":
        try checkUnique(name, at: offset, seen: &seen, path: path)
        type = try readString(path: memberPath, depth: depth, allowsNull: false)
      case "key":
        try checkUnique(name, at: offset, seen: &seen, path: path)
        key = try readString(path: memberPath, depth: depth, allowsNull: true)
      case "state":
        try checkUnique(name, at: offset, seen: &seen, path: path)
        let start = position
        let hasWhitespace = try scanValue(depth: depth, path: memberPath)
        state =
          hasWhitespace
          ? Data(Self.compacted(bytes, start..<position)) : Data(bytes[start..<position])
      case "children":
        try checkUnique(name, at: offset, seen: &seen, path: path)
        children = try readChildren(path: memberPath, depth: depth + 1)
      default:
        _ = try scanValue(depth: depth, path: memberPath)
      }
    }
    guard let type else { throw missingKey("type", path: path) }
    return WorkflowSnapshot.Node(
      workflowType: type, key: key ?? "", state: state, children: children)
  }

  /// Reads a node's list of children, itself nested `depth` levels down; `null` is no children.
  private mutating func readChildren(
    path: [PathKey], depth: Int
  ) throws -> [WorkflowSnapshot.Node] {
    if isAtNull() {
      position += 4
      return []
    }
    guard peek() == UInt8(ascii: "[") else {
      throw try mismatch([Any].self, path: path, depth: depth - 1)
    }
    guard depth <= Self.maximumDepth else { throw tooDeep(path: path) }
    position += 1
    skipWhitespace()
    var children: [WorkflowSnapshot.Node] = []
    if peek() == UInt8(ascii: "]") {
      position += 1
      return children
    }
    while true {
      children.append(
        try readNode(path: path + [PathKey(index: children.count)], depth: depth + 1))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        position += 1
        skipWhitespace()
      case UInt8(ascii: "]"):
        position += 1
        return children
      default:
        throw invalid("Expected ',' or ']' after a list item but found \(found())", path: path)
      }
    }
  }

  /// Reads the `{` of an object nested `depth` levels down.
  private mutating func openObject(path: [PathKey], depth: Int) throws {
    guard peek() == UInt8(ascii: "{") else {
      throw try mismatch([String: Any].self, path: path, depth: depth - 1)
    }
    guard depth <= Self.maximumDepth else { throw tooDeep(path: path) }
    position += 1
  }

  /// Reads the name of the next member of an object and the `:` after it, stopping at its
  /// value; nil at the object's `}`.
  ///
  /// - Returns: The name, and where it is for messages.
  private mutating func nextMember(
    isFirst: inout Bool, path: [PathKey]
  ) throws -> (String, Int)? {
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return nil
    }
    if !isFirst {
      guard peek() == UInt8(ascii: ",") else {
        throw invalid("Expected ',' or '}' after an object member but found \(found())", path: path)
      }
      position += 1
      skipWhitespace()
    }
    isFirst = false
    guard peek() == UInt8(ascii: "\"") else {
      throw invalid("Expected a member name in quotes but found \(found())", path: path)
    }
    let offset = position
    let name = try readStringLiteral(path: path)
    skipWhitespace()
    guard peek() == UInt8(ascii: ":") else {
      throw invalid("Expected ':' after a member name but found \(found())", path: path)
    }
    position += 1
    skipWhitespace()
    return (name, offset)
  }

  /// Throws when the member `name` was already read in this object, at `path`.
  private func checkUnique(
    _ name: String, at offset: Int, seen: inout [String], path: [PathKey]
  ) throws {
    guard !seen.contains(name) else {
      let (line, column) = location(of: offset)
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
    path: [PathKey], depth: Int, allowsNull: Bool
  ) throws -> String? {
    if allowsNull, isAtNull() {
      position += 4
      return nil
    }
    guard peek() == UInt8(ascii: "\"") else {
      throw try mismatch(String.self, path: path, depth: depth)
    }
    return try readStringLiteral(path: path)
  }

  /// Reads an integer value.
  private mutating func readInt(path: [PathKey], depth: Int) throws -> Int {
    let start = position
    guard let byte = peek(), byte == UInt8(ascii: "-") || isDigit(byte) else {
      throw try mismatch(Int.self, path: path, depth: depth)
    }
    let isInteger = try scanNumber(path: path)
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    // Like JSONDecoder, a number with a fraction or an exponent is taken when it is whole.
    guard let value = isInteger ? Int(text) : Double(text).flatMap({ Int(exactly: $0) }) else {
      throw DecodingError.typeMismatch(
        Int.self, .init(codingPath: path, debugDescription: "\(text) is not an Int"))
    }
    return value
  }

  /// The error for a value of the wrong kind at `position`, once the value is checked to be
  /// JSON: `valueNotFound` for `null`, `typeMismatch` for anything else.
  private mutating func mismatch(_ type: Any.Type, path: [PathKey], depth: Int) throws
    -> DecodingError
  {
    if isAtNull() {
      return .valueNotFound(
        type, .init(codingPath: path, debugDescription: "found null instead of \(type)"))
    }
    _ = try scanValue(depth: depth, path: path)
    return .typeMismatch(
      type, .init(codingPath: path, debugDescription: "found another kind of value than \(type)"))
  }

  /// The error for a missing member `name` of the object at `path`.
  private func missingKey(_ name: String, path: [PathKey]) -> DecodingError {
    .keyNotFound(
      PathKey(name), .init(codingPath: path, debugDescription: "no value for the key '\(name)'"))
  }

  // MARK: Any JSON value

  /// Checks the JSON value at `position`, nested `depth` levels down, and moves past it.
  ///
  /// - Returns: Whether there is whitespace between its tokens.
  private mutating func scanValue(depth: Int, path: [PathKey]) throws -> Bool {
    // The `{` or `[` of each container that is open, innermost last.
    var open: [UInt8] = []
    var hasWhitespace = false
    while true {
      // A value comes next.
      guard let byte = peek() else {
        throw invalid("Expected a value but found \(found())", path: path)
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth + open.count < Self.maximumDepth else { throw tooDeep(path: path) }
        position += 1
        if skipWhitespace() { hasWhitespace = true }
        let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if peek() == close {
          position += 1
        } else {
          open.append(byte)
          if byte == UInt8(ascii: "{") {
            try scanMemberName(path: path, hasWhitespace: &hasWhitespace)
          }
          continue
        }
      case UInt8(ascii: "\""):
        _ = try scanString(path: path)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        _ = try scanNumber(path: path)
      default:
        try scanLiteral(path: path)
      }
      // The value is complete: close the containers that end after it.
      while let container = open.last {
        if skipWhitespace() { hasWhitespace = true }
        let close = container == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let next = peek()
        if next == UInt8(ascii: ",") {
          position += 1
          if skipWhitespace() { hasWhitespace = true }
          if container == UInt8(ascii: "{") {
            try scanMemberName(path: path, hasWhitespace: &hasWhitespace)
          }
          break
        } else if next == close {
          position += 1
          open.removeLast()
        } else {
          let what =
            container == UInt8(ascii: "{")
            ? "',' or '}' after an object member" : "',' or ']' after a list item"
          throw invalid("Expected \(what) but found \(found())", path: path)
        }
      }
      if open.isEmpty { return hasWhitespace }
    }
  }

  /// Checks a member name of an object inside a value and the `:` after it.
  private mutating func scanMemberName(path: [PathKey], hasWhitespace: inout Bool) throws {
    guard peek() == UInt8(ascii: "\"") else {
      throw invalid("Expected a member name in quotes but found \(found())", path: path)
    }
    _ = try scanString(path: path)
    if skipWhitespace() { hasWhitespace = true }
    guard peek() == UInt8(ascii: ":") else {
      throw invalid("Expected ':' after a member name but found \(found())", path: path)
    }
    position += 1
    if skipWhitespace() { hasWhitespace = true }
  }

  /// Checks the literal `true`, `false` or `null` at `position` and moves past it.
  private mutating func scanLiteral(path: [PathKey]) throws {
    let length: Int
    if isAtNull() {
      length = 4
    } else if matches(UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")) {
      length = 4
    } else if peek() == UInt8(ascii: "f"),
      matches(
        UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e"),
        at: position + 1)
    {
      length = 5
    } else {
      throw invalid("Expected a value but found \(found())", path: path)
    }
    if position + length < bytes.count, isWordByte(bytes[position + length]) {
      throw invalid("Expected a value but found \(found())", path: path)
    }
    position += length
  }

  /// Whether `null` is at `position`.
  @inline(__always)
  private func isAtNull() -> Bool {
    matches(UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l"))
  }

  /// Whether the four bytes at `offset` (by default `position`) are the ones given.
  @inline(__always)
  private func matches(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, at offset: Int? = nil)
    -> Bool
  {
    let index = offset ?? position
    return index + 3 < bytes.count && bytes[index] == a && bytes[index + 1] == b
      && bytes[index + 2] == c && bytes[index + 3] == d
  }

  /// Checks the number at `position` (`-` or a digit) and moves past it.
  ///
  /// - Returns: Whether it is an integer: no fraction and no exponent.
  private mutating func scanNumber(path: [PathKey]) throws -> Bool {
    let start = position
    var index = position
    var isInteger = true
    func digits() throws {
      guard index < bytes.count, isDigit(bytes[index]) else { throw badNumber(at: start, path) }
      repeat { index += 1 } while index < bytes.count && isDigit(bytes[index])
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      try digits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      try digits()
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      try digits()
    }
    if index < bytes.count, isWordByte(bytes[index]) { throw badNumber(at: start, path) }
    position = index
    return isInteger
  }

  private func badNumber(at start: Int, _ path: [PathKey]) -> DecodingError {
    invalid("Invalid number \(found(at: start))", at: start, path: path)
  }

  // MARK: Strings

  /// Reads the string at `position` (its opening quote), decoding its escapes.
  private mutating func readStringLiteral(path: [PathKey]) throws -> String {
    let start = position + 1
    let hasEscapes = try scanString(path: path)
    let end = position - 1
    guard hasEscapes else { return String(decoding: bytes[start..<end], as: UTF8.self) }
    var utf8: [UInt8] = []
    utf8.reserveCapacity(end - start)
    var index = start
    while index < end {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        index += 1
        continue
      }
      let escaped = bytes[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        var value = UInt32(hexValue(at: index)!)
        index += 4
        if (0xD800...0xDBFF).contains(value) {
          let low = UInt32(hexValue(at: index + 2)!)
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        UTF8.encode(Unicode.Scalar(value)!) { utf8.append($0) }
      default: utf8.append(escaped)
      }
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Checks the string at `position` (its opening quote) and moves past its closing quote.
  ///
  /// - Returns: Whether it has escapes.
  private mutating func scanString(path: [PathKey]) throws -> Bool {
    let start = position
    var index = position + 1
    var hasEscapes = false
    while index < bytes.count {
      let byte = bytes[index]
      // Most bytes are printable ASCII other than a quote or a backslash.
      if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
        index += 1
      } else if byte == UInt8(ascii: "\"") {
        position = index + 1
        return hasEscapes
      } else if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        index = try scanEscape(at: index, path: path)
      } else if byte < 0x20 {
        throw invalid(
          "Unescaped control character \(scalarName(byte)) in a string", at: index, path: path)
      } else if let length = utf8SequenceLength(at: index) {
        index += length
      } else {
        throw invalid(
          "Invalid UTF-8 in a string (byte 0x\(hex(byte)))", at: index, path: path)
      }
    }
    throw invalid("Unterminated string", at: start, path: path)
  }

  /// Checks the escape that starts at `index` (a backslash).
  ///
  /// - Returns: The offset after it.
  private func scanEscape(at index: Int, path: [PathKey]) throws -> Int {
    guard index + 1 < bytes.count else { return index + 1 }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index + 2
    case UInt8(ascii: "u"):
      guard let unit = hexValue(at: index + 2) else {
        throw invalid(
          "Invalid escape \(text(at: index, count: 6)) in a string", at: index, path: path)
      }
      switch unit {
      case 0xD800...0xDBFF:
        guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
          bytes[index + 7] == UInt8(ascii: "u"), let low = hexValue(at: index + 8),
          (0xDC00...0xDFFF).contains(low)
        else {
          throw invalid(
            "Unpaired UTF-16 surrogate \(text(at: index, count: 6)) in a string", at: index,
            path: path)
        }
        return index + 12
      case 0xDC00...0xDFFF:
        throw invalid(
          "Unpaired UTF-16 surrogate \(text(at: index, count: 6)) in a string", at: index,
          path: path)
      default:
        return index + 6
      }
    default:
      throw invalid(
        "Invalid escape \(text(at: index, count: 2)) in a string", at: index, path: path)
    }
  }

  /// The value of the four hexadecimal digits at `index`, or nil.
  private func hexValue(at index: Int) -> UInt16? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt16 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// The length of the UTF-8 encoding of one non-ASCII scalar at `index`, or nil when the bytes
  /// there are not one (overlong, a surrogate, beyond U+10FFFF or cut short).
  private func utf8SequenceLength(at index: Int) -> Int? {
    func isContinuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      index + offset < bytes.count && range.contains(bytes[index + offset])
    }
    switch bytes[index] {
    case 0xC2...0xDF:
      return isContinuation(1) ? 2 : nil
    case 0xE0:
      return isContinuation(1, 0xA0...0xBF) && isContinuation(2) ? 3 : nil
    case 0xE1...0xEC, 0xEE...0xEF:
      return isContinuation(1) && isContinuation(2) ? 3 : nil
    case 0xED:
      return isContinuation(1, 0x80...0x9F) && isContinuation(2) ? 3 : nil
    case 0xF0:
      return isContinuation(1, 0x90...0xBF) && isContinuation(2) && isContinuation(3) ? 4 : nil
    case 0xF1...0xF3:
      return isContinuation(1) && isContinuation(2) && isContinuation(3) ? 4 : nil
    case 0xF4:
      return isContinuation(1, 0x80...0x8F) && isContinuation(2) && isContinuation(3) ? 4 : nil
    default:
      return nil
    }
  }

  // MARK: Bytes

  /// The byte at `position`, or nil at the end.
  @inline(__always)
  private func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  /// Moves past whitespace.
  ///
  /// - Returns: Whether there was any.
  @discardableResult @inline(__always)
  private mutating func skipWhitespace() -> Bool {
    // Compact text has none: one comparison for the common case.
    guard position < bytes.count, bytes[position] <= 0x20 else { return false }
    let start = position
    while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    return position != start
  }

  /// Whether `byte` is JSON whitespace.
  @inline(__always)
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  /// Whether `byte` can be part of a word that is not JSON: a letter, digit, `_`, `.`, `+`, `-`.
  private func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
      UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  // MARK: Messages

  /// The error for text that is not JSON at `offset` (by default `position`), inside the value
  /// at `path`.
  private func invalid(_ detail: String, at offset: Int? = nil, path: [PathKey] = [])
    -> DecodingError
  {
    let (line, column) = location(of: offset ?? position)
    return .dataCorrupted(
      .init(
        codingPath: path,
        debugDescription:
          "The given data was not valid JSON. \(detail) at line \(line), column \(column)"))
  }

  /// The error for arrays and objects nested too deep.
  private func tooDeep(path: [PathKey] = []) -> DecodingError {
    invalid("Too many nested arrays and objects (more than \(Self.maximumDepth))", path: path)
  }

  /// The line and column of `offset`, from 1; columns count characters.
  private func location(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// What is at `offset` (by default `position`), for a message: a word or character in quotes,
  /// a control character, a byte that is not UTF-8, or the end of the data.
  private func found(at offset: Int? = nil) -> String {
    let offset = offset ?? position
    guard offset < bytes.count else { return "the end of the data" }
    let byte = bytes[offset]
    if isWordByte(byte) {
      var end = offset
      while end < bytes.count, isWordByte(bytes[end]), end - offset < 24 { end += 1 }
      let more = end < bytes.count && isWordByte(bytes[end]) ? "…" : ""
      return "'\(String(decoding: bytes[offset..<end], as: UTF8.self))\(more)'"
    }
    if byte < 0x20 || byte == 0x7F { return "control character \(scalarName(byte))" }
    if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
    if let length = utf8SequenceLength(at: offset) {
      return "'\(String(decoding: bytes[offset..<offset + length], as: UTF8.self))'"
    }
    return "byte 0x\(hex(byte)) (not UTF-8)"
  }

  /// Up to `count` printable ASCII bytes from `offset`, in quotes.
  private func text(at offset: Int, count: Int) -> String {
    let printable = bytes[offset..<min(offset + count, bytes.count)].prefix {
      (0x21...0x7E).contains($0)
    }
    return "'\(String(decoding: printable, as: UTF8.self))'"
  }

  private func scalarName(_ byte: UInt8) -> String {
    "U+00\(hex(byte))"
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}

extension SnapshotJSONReader {
  /// One step of the path to a value in a snapshot, for errors: a member name or a list index.
  struct PathKey: CodingKey {
    /// The member name, or the index as text.
    var stringValue: String
    /// The list index, for a list item.
    var intValue: Int?

    /// The key of a member.
    init(_ name: String) {
      stringValue = name
    }

    /// The key of a list item.
    init(index: Int) {
      stringValue = String(index)
      intValue = index
    }

    init?(stringValue: String) {
      self.init(stringValue)
    }

    init?(intValue: Int) {
      self.init(index: intValue)
    }
  }
}
