// SPDX-License-Identifier: Apache-2.0

extension TextLayout {
  /// `text` broken into rows of at most `width` columns for the inspectors (`:trace`,
  /// `:history`, `:tree`): after a space or a path separator (`/`) where possible, so a node
  /// path such as `LauncherWorkflow/TodoWorkflow[todo]` breaks between its nodes, never inside
  /// a name; a part wider than a whole row is cut. Each row after the first is indented four
  /// columns more than the text (at most half the width), and keeps the styles of its
  /// characters.
  ///
  /// - Complexity: O(*n*) for *n* characters.
  package static func wrappedAtSeparators(_ text: TerminalText, width: Int) -> [TerminalText] {
    let width = max(1, width)
    var characters: [(character: Character, style: TerminalText.Style?, columns: Int)] = []
    for run in text.runs {
      for character in run.text {
        characters.append((character, run.style, displayWidth(of: character)))
      }
    }
    guard characters.reduce(0, { $0 + $1.columns }) > width else { return [text] }
    let leading = characters.prefix { $0.character == " " }.count
    let indent = min(leading + 4, width / 2)
    var rows: [TerminalText] = []
    var start = 0
    while start < characters.count {
      let isFirst = rows.isEmpty
      if !isFirst {
        // A continuation row does not start with the spaces it broke at.
        while start < characters.count, characters[start].character == " " { start += 1 }
        if start == characters.count { break }
      }
      let room = isFirst ? width : width - indent
      var used = 0
      var end = start
      var lastBreak: Int?
      while end < characters.count, used + characters[end].columns <= room {
        used += characters[end].columns
        let character = characters[end].character
        end += 1
        if character == " " || character == "/" { lastBreak = end }
      }
      if end < characters.count, let lastBreak, lastBreak > start {
        end = lastBreak
      } else if end == start {
        // A character wider than the room left: it takes a row of its own.
        end += 1
      }
      var row = TerminalText(isFirst ? "" : String(repeating: " ", count: indent))
      for index in start..<end {
        row.append(
          TerminalText(String(characters[index].character), style: characters[index].style))
      }
      rows.append(row)
      start = end
    }
    return rows.map(trimmed)
  }

  /// `text` without the spaces at its end, keeping the styles.
  private static func trimmed(_ text: TerminalText) -> TerminalText {
    var runs = text.runs
    while let last = runs.last {
      let kept = trimmingTrailingSpaces(last.text)
      if kept.isEmpty {
        runs.removeLast()
        continue
      }
      runs[runs.count - 1].text = kept
      break
    }
    var result = TerminalText()
    for run in runs { result.append(TerminalText(run.text, style: run.style)) }
    return result
  }
}
