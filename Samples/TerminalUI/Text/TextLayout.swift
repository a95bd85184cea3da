// SPDX-License-Identifier: Apache-2.0

/// Measures, wraps, pads and cuts text in terminal columns.
///
/// East Asian wide characters and emoji take two columns, combining marks and zero-width
/// characters none, control characters as many as their visible form (`^[` takes two, see
/// ``visible(_:)``), everything else one. That covers what the samples show; it is not a full
/// implementation of Unicode's East Asian Width.
package enum TextLayout {
  /// The number of columns `text` takes.
  package static func displayWidth(_ text: String) -> Int {
    text.reduce(0) { $0 + displayWidth(of: $1) }
  }

  /// The number of columns one character takes.
  package static func displayWidth(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if isControl(first) {
      // "\r\n" is one character; each control in it shows as its own visible form.
      return character.unicodeScalars.reduce(0) {
        $0 + (visibleForm(of: $1)?.count ?? scalarWidth($1))
      }
    }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    return scalarWidth(first)
  }

  private static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B { return 0 }
    return wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
  ]

  /// `text` cut to at most `width` columns, ending in `…` when something was cut.
  package static func truncate(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    // Walk only as far as the width needs: the text may be a megabyte long.
    var used = 0
    var endOfKept = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      used += displayWidth(of: text[index])
      if used > width { return String(text[..<endOfKept]) + "…" }
      index = text.index(after: index)
      if used <= width - 1 { endOfKept = index }
    }
    return text
  }

  /// `text` followed by spaces up to `width` columns (cut first if it is wider).
  package static func pad(_ text: String, width: Int) -> String {
    let fitted = truncate(text, width: width)
    let missing = width - displayWidth(fitted)
    return missing > 0 ? fitted + String(repeating: " ", count: missing) : fitted
  }

  /// `text` without the spaces at its end.
  package static func trimmingTrailingSpaces(_ text: String) -> String {
    var result = Substring(text)
    while result.last == " " { result.removeLast() }
    return String(result)
  }

  /// `text` broken into lines of at most `width` columns, at spaces where possible.
  ///
  /// A word wider than `width` is cut across lines. An empty text gives one empty line.
  ///
  /// - Complexity: O(*n*) in time and O(*width* + lines) in memory for *n* characters.
  package static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    guard displayWidth(text) > width else { return [text] }
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    func flush() {
      lines.append(trimmingTrailingSpaces(current))
      current = ""
      currentWidth = 0
    }
    // The words are walked in place, not split into an array first: a text of millions of
    // spaces would make millions of words.
    var wordStart = text.startIndex
    var isLastWord = false
    while !isLastWord {
      let wordEnd = text[wordStart...].firstIndex(of: " ") ?? text.endIndex
      let word = text[wordStart..<wordEnd]
      if wordEnd == text.endIndex {
        isLastWord = true
      } else {
        wordStart = text.index(after: wordEnd)
      }
      let wordWidth = word.reduce(0) { $0 + displayWidth(of: $1) }
      let gap = current.isEmpty ? 0 : 1
      if currentWidth + gap + wordWidth <= width {
        if gap == 1 { current.append(" ") }
        current += word
        currentWidth += gap + wordWidth
        continue
      }
      if !current.isEmpty { flush() }
      for character in word {
        let columns = displayWidth(of: character)
        if currentWidth + columns > width { flush() }
        current.append(character)
        currentWidth += columns
      }
    }
    if !current.isEmpty || lines.isEmpty { flush() }
    return lines
  }
}

extension TextLayout {
  /// `text` cut into the rows a terminal `width` columns wide shows it on: a character that
  /// does not fit in what is left of a row (a wide one in the last column) starts the next.
  ///
  /// An empty text is one empty row. A character wider than the whole row gets a row of its own.
  package static func rows(of text: TerminalText, width: Int) -> [TerminalText] {
    let width = max(1, width)
    var rows = [TerminalText()]
    var used = 0
    for run in text.runs {
      var piece = ""
      for character in run.text {
        let columns = displayWidth(of: character)
        if used + columns > width && used > 0 {
          rows[rows.count - 1].append(TerminalText(piece, style: run.style))
          rows.append(TerminalText())
          piece = ""
          used = 0
        }
        piece.append(character)
        used += columns
      }
      rows[rows.count - 1].append(TerminalText(piece, style: run.style))
    }
    return rows
  }

  /// The number of rows a line being edited takes on a terminal `width` columns wide: its
  /// rows, plus one when the last is full, because the cursor then waits on the next row.
  package static func editedRowCount(of text: String, width: Int) -> Int {
    let rows = rows(of: TerminalText(text), width: width)
    let last = displayWidth(rows[rows.count - 1].plainText)
    return rows.count + (last >= max(1, width) ? 1 : 0)
  }
}
