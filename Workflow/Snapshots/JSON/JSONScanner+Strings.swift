// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONScanner {
  /// Reads the string at `position` (its opening quote), decoding its escapes.
  mutating func readStringLiteral(path: [JSONPathKey]) throws -> String {
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
  mutating func scanString(path: [JSONPathKey]) throws -> Bool {
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
  private func scanEscape(at index: Int, path: [JSONPathKey]) throws -> Int {
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
  func utf8SequenceLength(at index: Int) -> Int? {
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

}
