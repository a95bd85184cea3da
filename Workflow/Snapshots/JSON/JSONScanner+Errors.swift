// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONScanner {
  /// The error for text that is not JSON at `offset` (by default `position`), inside the value
  /// at `path`.
  func invalid(_ detail: String, at offset: Int? = nil, path: [JSONPathKey] = [])
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
  func tooDeep(path: [JSONPathKey] = []) -> DecodingError {
    invalid("Too many nested arrays and objects (more than \(Self.maximumDepth))", path: path)
  }

  /// The line and column of `offset`, from 1; columns count characters.
  func location(of offset: Int) -> (line: Int, column: Int) {
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
  func found(at offset: Int? = nil) -> String {
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
  func text(at offset: Int, count: Int) -> String {
    let printable = bytes[offset..<min(offset + count, bytes.count)].prefix {
      (0x21...0x7E).contains($0)
    }
    return "'\(String(decoding: printable, as: UTF8.self))'"
  }

  func scalarName(_ byte: UInt8) -> String {
    "U+00\(hex(byte))"
  }

  func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}

/// One step of the path to a value in a snapshot, for errors: a member name or a list index.
struct JSONPathKey: CodingKey {
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
