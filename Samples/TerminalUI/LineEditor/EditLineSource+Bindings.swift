// SPDX-License-Identifier: Apache-2.0

import CLibEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The functions bound to keys, run by libedit on the reading thread. Each one that draws
/// leaves the cursor where libedit's redisplay expects it and returns `CC_REDISPLAY`, so the
/// prompt and the half-typed line come back under what was drawn.
extension EditLineSource {
  /// Draws what the display holds: a new screen, warnings; after a resize, the region at the
  /// new width.
  func showPending() -> UInt8 {
    guard let display else { return UInt8(CC_NORM) }
    let row = cursorRow()
    var text = ""
    if hasResized {
      // el_resize made libedit forget its rows, so its redisplay starts on the cursor's row.
      // The terminal has reflowed its window, maybe pushing rows of the region out of reach:
      // where its cursor is now tells.
      hasResized = false
      text = display.redrawAfterResize(cursorRow: row, windowRow: askWindowRow())
      writeOut(text)
      return UInt8(CC_REDISPLAY)
    }
    guard let pending = display.drawPending(cursorRow: row, libeditRow: row) else {
      return UInt8(CC_NORM)
    }
    writeOut(pending)
    return UInt8(CC_REDISPLAY)
  }

  /// Ctrl-C: gives up the edited line, as a shell does: it stays in the transcript with `^C`
  /// after it, and an empty prompt comes back under the screen.
  func interrupt() -> UInt8 {
    guard let (text, cursor, end) = editedLine() else { return UInt8(CC_NORM) }
    let row = cursorRow()
    if !text.isEmpty {
      let shown = promptText + TextLayout.visible(Self.string(from: text[...])) + "^C"
      if let display {
        writeOut(display.commitEditedLine(TerminalText(shown), cursorRow: row, libeditRow: row))
      } else {
        writeOut("^C\n" + String(repeating: "\n", count: row))
      }
    }
    _ = el_cursor(editLine, Int32(end - cursor))
    el_deletestr(editLine, Int32(text.count))
    return UInt8(CC_REDISPLAY)
  }

  /// Tab: inserts the certain part of a completion, or lists the candidates under the screen.
  func complete() -> UInt8 {
    guard let (text, cursor, _) = editedLine() else { return UInt8(CC_ERROR) }
    let prefix = Self.string(from: text[..<cursor])
    let completion = completions.withLock { $0.complete(prefix) }
    if !completion.insertion.isEmpty {
      _ = el_insertstr(editLine, completion.insertion)
      return UInt8(CC_REFRESH)
    }
    guard !completion.candidates.isEmpty else { return UInt8(CC_ERROR) }
    let row = cursorRow()
    let list = TerminalText(completion.candidates.joined(separator: "  "))
    if let display {
      writeOut(display.showFooter([list], cursorRow: row, libeditRow: row))
    } else {
      writeOut(
        "\n" + ReplStyle(isColored: false).render(list) + "\n"
          + String(repeating: "\n", count: row))
    }
    return UInt8(CC_REDISPLAY)
  }

  /// The row of the cursor within the edited line (0 for the prompt's row), as the terminal
  /// wraps the prompt and the line at its width now.
  func cursorRow() -> Int {
    guard let (text, cursor, _) = editedLine() else { return 0 }
    let before = promptText + TextLayout.visible(Self.string(from: text[..<cursor]))
    let width = terminal.size.width
    return TextLayout.editedRowCount(of: before, width: width) - 1
  }

  static func string(from characters: ArraySlice<wchar_t>) -> String {
    var scalars = String.UnicodeScalarView()
    for value in characters {
      scalars.append(Unicode.Scalar(UInt32(bitPattern: value)) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  /// The edited line as wide characters, with the cursor's and the end's offsets in it.
  func editedLine() -> (text: [wchar_t], cursor: Int, end: Int)? {
    guard let info = el_wline(editLine), let start = info.pointee.buffer,
      let cursor = info.pointee.cursor, let end = info.pointee.lastchar
    else { return nil }
    let text = Array(UnsafeBufferPointer(start: start, count: end - start))
    return (text, cursor - start, end - start)
  }

  /// Writes to the terminal; line feeds become CR LF because the editor may have turned off
  /// output post-processing (the display's own bytes already end their rows with CR LF).
  func writeOut(_ text: String) {
    var bytes: [UInt8] = []
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") {
        bytes.append(UInt8(ascii: "\r"))
      }
      bytes.append(byte)
      previous = byte
    }
    terminal.write(bytes)
  }
}
