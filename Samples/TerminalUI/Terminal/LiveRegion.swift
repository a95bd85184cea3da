// SPDX-License-Identifier: Apache-2.0

/// The rows at the bottom of an interactive terminal that the REPL redraws in place: the current
/// screen and a footer (completion candidates), above the line being edited.
///
/// A pure model: it knows what it drew and works out how to draw what comes next, and
/// ``Redraw/bytes(style:)`` turns that into escape codes. ``LiveDisplay`` writes them.
///
/// ```text
/// todos> add milk        transcript: scrolls up and stays
///                        ┐
/// Todos                  │ the region: redrawn in place
/// -----                  │
/// 1. [ ] milk            ┘
/// todos> done 1▌         the edited line, libedit's
/// ```
///
/// A redraw moves the cursor up to the region's first row, writes the transcript's new lines
/// and then the region again over what was there, and erases what is left below. Rows are written one by one,
/// each cut to the window's width (``TextLayout/rows(of:width:)``: wide characters, long
/// lines), so the model knows exactly how many rows the region takes.
///
/// A region taller than the window cannot be redrawn in place: its first rows have scrolled
/// into the scrollback, out of the cursor's reach. Then, when only the reachable rows change
/// and there is nothing for the transcript, those rows are redrawn; otherwise the old region is
/// left whole in the scrollback and the new one is written below it, as a pipe would show it.
///
/// After a resize the terminal has reflowed what it shows; the region's old rows are counted
/// at the new width (each old row takes as many new rows as its text needs) before erasing.
/// A reflow that makes rows can push the window's top rows into the scrollback even with
/// empty rows below (tmux keeps the cursor on its row): the terminal's answer to where its
/// cursor is (`windowRow`) then tells how many of the region's rows went out of reach, and
/// they count as out of reach until the region is written anew.
package struct LiveRegion: Sendable {
  /// The terminal window, in character cells.
  package struct Size: Hashable, Sendable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
      self.width = max(1, width)
      self.height = max(1, height)
    }
  }

  /// How to get from what is on the terminal to what should be.
  package struct Redraw: Hashable, Sendable {
    /// How many rows to move the cursor up, from column 0 of its row, before erasing to the end
    /// of the window.
    package var rowsUp: Int
    /// The rows to write from there, each one followed by a line break.
    package var rows: [TerminalText]

    package init(rowsUp: Int, rows: [TerminalText]) {
      self.rowsUp = rowsUp
      self.rows = rows
    }

    /// The escape codes and text of the redraw; the cursor is hidden while it happens.
    ///
    /// Each row is erased just before it is written, and what is left below the last one is
    /// erased after it: erasing the whole window at once would make some terminals (tmux)
    /// push its content into the scrollback, a copy of the old region for every redraw. Line
    /// breaks are CR LF: libedit may have turned off the terminal's output processing.
    package func bytes(style: ReplStyle) -> String {
      var text = "\u{1B}[?25l\r"
      if rowsUp > 0 { text += "\u{1B}[\(rowsUp)A" }
      for row in rows { text += "\u{1B}[K" + style.render(row) + "\r\n" }
      return text + "\u{1B}[J\u{1B}[?25h"
    }
  }

  /// The screen's lines, as last given.
  package private(set) var screen: [TerminalText] = []
  /// The footer's lines, as last given.
  package private(set) var footer: [TerminalText] = []
  /// The rows on the terminal, top first, as last drawn.
  package private(set) var rows: [TerminalText] = []
  /// The width `rows` were cut to.
  package private(set) var width = 80
  /// How many of `rows`, from the top, are in the scrollback, out of the cursor's reach.
  package private(set) var rowsOutOfReach = 0

  package init() {}

  /// Redraws the region with a new screen and footer, with `transcript` written above it.
  ///
  /// - Parameters:
  ///   - transcript: Lines that go above the region for good (a command and its reply).
  ///   - screen: The new screen's lines; nil keeps the current ones.
  ///   - footer: The new footer's lines; nil keeps the current ones.
  ///   - rowsBelow: The rows between the region's last row and the cursor's row: those of the
  ///     edited line above the cursor (which the redraw erases too).
  ///   - size: The window now.
  ///   - windowRow: The cursor's row in the window (0 for the top row) when the terminal has
  ///     just said it (after a resize), or nil.
  /// - Returns: What to write.
  package mutating func redraw(
    transcript: [TerminalText] = [], screen newScreen: [TerminalText]? = nil,
    footer newFooter: [TerminalText]? = nil, rowsBelow: Int, size: Size, windowRow: Int? = nil
  ) -> Redraw {
    let shown = rows.flatMap { TextLayout.rows(of: $0, width: size.width) }
    if let newScreen { screen = newScreen }
    if let newFooter { footer = newFooter }
    let next = (screen + footer).flatMap { TextLayout.rows(of: $0, width: size.width) }
    let written = transcript.flatMap { TextLayout.rows(of: $0, width: size.width) }
    rows = next
    width = size.width
    // The cursor can go up to the window's first row, no further: the rows above it scrolled
    // out at the bottom, or the terminal pushed them out as it reflowed.
    let above = shown.count + rowsBelow
    let pushedOut = windowRow.map { max(0, above - max(0, $0)) } ?? rowsOutOfReach
    let hidden = min(above, max(pushedOut, above - (size.height - 1)))
    let reachable = above - hidden
    if hidden == 0 {
      rowsOutOfReach = 0
      return Redraw(rowsUp: above, rows: written + next)
    }
    if written.isEmpty, hidden <= shown.count, next.count >= hidden,
      Array(next.prefix(hidden)) == Array(shown.prefix(hidden))
    {
      rowsOutOfReach = hidden
      return Redraw(rowsUp: reachable, rows: Array(next.dropFirst(hidden)))
    }
    rowsOutOfReach = 0
    return Redraw(rowsUp: min(rowsBelow, reachable), rows: written + next)
  }

  /// Forgets the region: what was drawn stays on the terminal as part of the transcript, and
  /// the next redraw starts below it.
  package mutating func abandon() {
    rows = []
    rowsOutOfReach = 0
  }
}
