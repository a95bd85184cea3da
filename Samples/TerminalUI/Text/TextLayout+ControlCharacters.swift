// SPDX-License-Identifier: Apache-2.0

extension TextLayout {
  /// `text` with every control character replaced by a visible form, so that text from a user
  /// or a file can never move the cursor, clear the screen, set the window title or write the
  /// clipboard.
  ///
  /// C0 controls and DEL take caret notation, as libedit and `cat -v` show them (`^[` for
  /// ESC, `^G` for BEL, `^J` for a line feed, `^?` for DEL); C1 controls take a Swift-style
  /// escape (`\u{9B}`). An escape sequence thus shows as text: `ESC ] 0 ; x BEL` prints
  /// `^[]0;x^G`. Line feeds are made visible too: the terminal writer splits its text into
  /// lines first, so only a line feed inside one line (a title read from a file) gets here.
  ///
  /// - Complexity: O(*n*); the text is returned as it is when it has no control character.
  package static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if let form = visibleForm(of: scalar) {
        result.append(contentsOf: form.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `scalar` is a C0 control, DEL or a C1 control.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  /// How ``visible(_:)`` shows `scalar`, or nil when it is shown as it is.
  package static func visibleForm(of scalar: Unicode.Scalar) -> String? {
    let value = scalar.value
    if value < 0x20 { return "^" + String(Unicode.Scalar(UInt8(value + 0x40))) }
    if value == 0x7F { return "^?" }
    if (0x80..<0xA0).contains(value) {
      return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }
    return nil
  }
}
