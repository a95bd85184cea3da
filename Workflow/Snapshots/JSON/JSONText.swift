// SPDX-License-Identifier: Apache-2.0

/// Appends JSON text to a byte buffer: the string escaping the module's hand-written JSON writers
/// share (snapshots, trace events).
enum JSONText {
  /// Appends `text` as a JSON string: `"` and `\` escaped, line feeds and tabs as `\n` and
  /// `\t`, other control characters as `\u00XX`.
  static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
