// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks JSON text from its UTF-8 bytes in one pass, without building values: the lexical
/// half of ``SnapshotJSONReader``, which reads the snapshot's own members with it and takes each
/// state's text as it is.
///
/// It is as strict as `JSONDecoder` is with a value that it decodes: the text must be UTF-8, with
/// no control characters or unpaired surrogates in strings, no malformed numbers and nothing but
/// whitespace after the document. Failures are `DecodingError`s that name the place: the path of
/// the value being read and, for text that is not JSON, its line and column.
struct JSONScanner {
  /// How deep arrays and objects may nest, counted from the top of the document; deeper text is
  /// rejected, not read with a deep stack.
  static let maximumDepth = 512

  /// The text being read.
  let bytes: [UInt8]
  /// The offset of the next byte to read.
  var position = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Checks that `bytes` hold one JSON value, nested `depth` levels down in a document, with
  /// nothing but whitespace around it.
  ///
  /// - Throws: A `DecodingError` that says where the text is not JSON; `path` is the value's.
  static func checkValue(_ bytes: [UInt8], depth: Int, path: [JSONPathKey]) throws {
    var scanner = JSONScanner(bytes: bytes)
    _ = scanner.skipWhitespace()
    _ = try scanner.scanValue(depth: depth, path: path)
    _ = scanner.skipWhitespace()
    guard scanner.position == bytes.count else {
      throw scanner.invalid(
        "Expected the end of the value but found \(scanner.found())", path: path)
    }
  }

  /// The JSON value in `range` of `bytes` (checked by the reader) without the whitespace
  /// outside its strings.
  static func compacted(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8] {
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

  // MARK: Any JSON value

  /// Checks the JSON value at `position`, nested `depth` levels down, and moves past it.
  ///
  /// - Returns: Whether there is whitespace between its tokens.
  mutating func scanValue(depth: Int, path: [JSONPathKey]) throws -> Bool {
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
  private mutating func scanMemberName(path: [JSONPathKey], hasWhitespace: inout Bool) throws {
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
  private mutating func scanLiteral(path: [JSONPathKey]) throws {
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
  func isAtNull() -> Bool {
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
  mutating func scanNumber(path: [JSONPathKey]) throws -> Bool {
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

  private func badNumber(at start: Int, _ path: [JSONPathKey]) -> DecodingError {
    invalid("Invalid number \(found(at: start))", at: start, path: path)
  }

  // MARK: Bytes

  /// The byte at `position`, or nil at the end.
  @inline(__always)
  func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  /// Moves past whitespace.
  ///
  /// - Returns: Whether there was any.
  @discardableResult @inline(__always)
  mutating func skipWhitespace() -> Bool {
    // Compact text has none: one comparison for the common case.
    guard position < bytes.count, bytes[position] <= 0x20 else { return false }
    let start = position
    while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    return position != start
  }

  /// Whether `byte` is JSON whitespace.
  @inline(__always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  @inline(__always)
  func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  /// Whether `byte` can be part of a word that is not JSON: a letter, digit, `_`, `.`, `+`, `-`.
  func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
      UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

}
