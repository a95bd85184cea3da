// SPDX-License-Identifier: Apache-2.0

/// The terminal's answer to the question where its cursor is: `ESC [ 6 n` asks (a device
/// status report), and the terminal types `ESC [ row ; column R` on the input, counted from 1.
///
/// The answer comes on the input among the keys typed, so ``find(in:)`` takes it out of the
/// bytes read and gives back the others.
package enum CursorPositionReport {
  /// The bytes that ask.
  package static let query = "\u{1B}[6n"

  /// The first answer in `bytes`: the cursor's row and column, from 0, and the bytes before and
  /// after the answer (keys typed meanwhile), in order; nil when `bytes` hold no whole answer.
  package static func find(in bytes: [UInt8]) -> (row: Int, column: Int, rest: [UInt8])? {
    var start = 0
    while let escape = bytes[start...].firstIndex(of: 0x1B) {
      if let (row, column, end) = answer(in: bytes, at: escape) {
        return (row, column, Array(bytes[..<escape] + bytes[end...]))
      }
      start = escape + 1
    }
    return nil
  }

  /// The answer that starts with the escape at `index`, and the index after it.
  private static func answer(in bytes: [UInt8], at index: Int) -> (Int, Int, Int)? {
    var position = index + 1
    guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
    position += 1
    func number() -> Int? {
      var value = 0
      let first = position
      while position < bytes.count, isDigit(bytes[position]), position - first < 6 {
        value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
        position += 1
      }
      return position > first ? value : nil
    }
    guard let row = number(), position < bytes.count, bytes[position] == UInt8(ascii: ";")
    else { return nil }
    position += 1
    guard let column = number(), position < bytes.count, bytes[position] == UInt8(ascii: "R"),
      row > 0, column > 0
    else { return nil }
    return (row - 1, column - 1, position + 1)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
