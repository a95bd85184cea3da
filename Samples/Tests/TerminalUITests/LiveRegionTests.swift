// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

/// The arithmetic of the live region: how many rows it takes, how far up a redraw goes, and
/// what it writes.
@Suite struct LiveRegionTests {
  private func lines(_ texts: String...) -> [TerminalText] {
    texts.map { TerminalText($0) }
  }

  private func plain(_ rows: [TerminalText]) -> [String] {
    rows.map(\.plainText)
  }

  private let window = LiveRegion.Size(width: 10, height: 8)

  @Test func theFirstDrawGoesNowhereUp() {
    var region = LiveRegion()
    let redraw = region.redraw(screen: lines("Timers", "tea"), rowsBelow: 0, size: window)
    #expect(redraw.rowsUp == 0)
    #expect(plain(redraw.rows) == ["Timers", "tea"])
  }

  @Test func aRedrawGoesUpOverTheRegionAndTheRowsOfTheEditedLineAboveTheCursor() {
    var region = LiveRegion()
    _ = region.redraw(screen: lines("Timers", "tea 3:00"), rowsBelow: 0, size: window)
    let redraw = region.redraw(screen: lines("Timers", "tea 2:59"), rowsBelow: 1, size: window)
    #expect(redraw.rowsUp == 3)
    #expect(plain(redraw.rows) == ["Timers", "tea 2:59"])
  }

  @Test func theTranscriptGoesAboveTheRegion() {
    var region = LiveRegion()
    _ = region.redraw(screen: lines("Todos"), rowsBelow: 0, size: window)
    let redraw = region.redraw(
      transcript: lines("todo> add"), screen: lines("Todos", "1. milk"), rowsBelow: 1,
      size: window)
    #expect(redraw.rowsUp == 2)
    #expect(plain(redraw.rows) == ["todo> add", "Todos", "1. milk"])
  }

  @Test func aLineWiderThanTheWindowTakesARowPerWidth() {
    var region = LiveRegion()
    let redraw = region.redraw(screen: lines("abcdefghijklmnopqrstuvw"), rowsBelow: 0, size: window)
    #expect(plain(redraw.rows) == ["abcdefghij", "klmnopqrst", "uvw"])
    #expect(region.redraw(rowsBelow: 0, size: window).rowsUp == 3)
  }

  @Test func aLineAsWideAsTheWindowTakesOneRow() {
    var region = LiveRegion()
    #expect(
      plain(region.redraw(screen: lines("abcdefghij"), rowsBelow: 0, size: window).rows).count == 1)
    #expect(region.redraw(rowsBelow: 0, size: window).rowsUp == 1)
  }

  @Test func aWideCharacterThatDoesNotFitStartsTheNextRow() {
    // 3 columns: each 日 takes 2, so only one fits per row.
    #expect(
      plain(TextLayout.rows(of: TerminalText("日日日"), width: 3)) == ["日", "日", "日"])
    // 5 columns: "abcd" leaves one column, too few for 日.
    #expect(plain(TextLayout.rows(of: TerminalText("abcd日e"), width: 5)) == ["abcd", "日e"])
    #expect(plain(TextLayout.rows(of: TerminalText("ab日日日"), width: 5)) == ["ab日", "日日"])
    var region = LiveRegion()
    _ = region.redraw(
      screen: lines("日日日"), rowsBelow: 0, size: LiveRegion.Size(width: 3, height: 10))
    #expect(region.redraw(rowsBelow: 0, size: LiveRegion.Size(width: 3, height: 10)).rowsUp == 3)
  }

  @Test func rowsKeepTheirStyles() {
    let text = TerminalText("Time", style: .title) + " is up"
    let rows = TextLayout.rows(of: text, width: 6)
    #expect(rows == [TerminalText("Time", style: .title) + " i", TerminalText("s up")])
  }

  @Test func anEmptyLineTakesARow() {
    var region = LiveRegion()
    _ = region.redraw(screen: lines("", "Todos", ""), rowsBelow: 0, size: window)
    #expect(region.redraw(rowsBelow: 0, size: window).rowsUp == 3)
  }

  @Test func theEditedLineTakesAnExtraRowWhenItsLastRowIsFull() {
    #expect(TextLayout.editedRowCount(of: "todo> ", width: 10) == 1)
    #expect(TextLayout.editedRowCount(of: "todo> abc", width: 10) == 1)
    #expect(TextLayout.editedRowCount(of: "todo> abcd", width: 10) == 2)
    #expect(TextLayout.editedRowCount(of: "todo> abcde", width: 10) == 2)
    #expect(TextLayout.editedRowCount(of: "todo> 日日", width: 9) == 2)
  }

  @Test func aResizeCountsTheOldRowsAtTheNewWidth() {
    var region = LiveRegion()
    _ = region.redraw(
      screen: lines("abcdefghij", "abc"), rowsBelow: 0, size: LiveRegion.Size(width: 10, height: 8))
    // Narrower: the terminal reflowed the first row onto two.
    let narrower = region.redraw(rowsBelow: 0, size: LiveRegion.Size(width: 5, height: 8))
    #expect(narrower.rowsUp == 3)
    #expect(plain(narrower.rows) == ["abcde", "fghij", "abc"])
    // Wider again: each row the region wrote is a line of its own.
    let wider = region.redraw(rowsBelow: 0, size: LiveRegion.Size(width: 20, height: 8))
    #expect(wider.rowsUp == 3)
  }

  @Test func aResizeWhoseReflowPushedRowsOutOfTheWindowRedrawsOnlyTheRowsInReach() {
    // The timers screen under a transcript line, the cursor on the prompt's row (row 4 of
    // a window 30 wide): nothing wraps.
    var region = LiveRegion()
    let wide = LiveRegion.Size(width: 30, height: 20)
    let screen = lines("", "Timers", "tea: 2:57 (running)")
    _ = region.redraw(
      transcript: lines("timers> start tea"), screen: screen, rowsBelow: 0, size: wide)
    // 15 wide: the terminal wrapped the transcript line, the tea row and the edited line, and
    // kept the cursor on its row of the window, pushing the 3 top rows into the scrollback:
    // the transcript's two and the region's empty one. The cursor, on the edited line's second
    // row, is still on row 4.
    let narrow = LiveRegion.Size(width: 15, height: 20)
    let resized = region.redraw(rowsBelow: 1, size: narrow, windowRow: 4)
    #expect(resized.rowsUp == 4)
    #expect(plain(resized.rows) == ["Timers", "tea: 2:57 (runn", "ing)"])
    #expect(
      resized.bytes(style: ReplStyle(isColored: false))
        == "\u{1B}[?25l\r\u{1B}[4A\u{1B}[KTimers\r\n\u{1B}[Ktea: 2:57 (runn\r\n"
        + "\u{1B}[King)\r\n\u{1B}[J\u{1B}[?25h")
    // The empty row stays out of reach at the next tick, which the terminal says nothing of.
    let tick = region.redraw(
      screen: lines("", "Timers", "tea: 2:56", "(running)"), rowsBelow: 1, size: narrow)
    #expect(tick.rowsUp == 4)
    #expect(plain(tick.rows) == ["Timers", "tea: 2:56", "(running)"])
    // Wider again, the terminal pulled rows back from the scrollback: the whole region is in
    // reach and redrawn in place.
    let back = region.redraw(rowsBelow: 0, size: wide, windowRow: 4)
    #expect(back.rowsUp == 4)
    #expect(plain(back.rows) == ["", "Timers", "tea: 2:56", "(running)"])
  }

  @Test func rowsPushedOutOfTheWindowThatChangeLeaveTheOldRegionWholeAndTheNewOneBelow() {
    var region = LiveRegion()
    let wide = LiveRegion.Size(width: 30, height: 20)
    _ = region.redraw(screen: lines("Timers", "tea: 2:57 (running)"), rowsBelow: 0, size: wide)
    let narrow = LiveRegion.Size(width: 15, height: 20)
    // The tea row's first half is in the scrollback; the old screen cannot be redrawn in place.
    let resized = region.redraw(
      screen: lines("Timers", "tea: 2:56", "(running)"), rowsBelow: 1, size: narrow, windowRow: 2)
    #expect(resized.rowsUp == 1)
    #expect(plain(resized.rows) == ["Timers", "tea: 2:56", "(running)"])
    // The new region is all in the window.
    #expect(region.redraw(rowsBelow: 1, size: narrow).rowsUp == 4)
  }

  @Test func aRegionTallerThanTheWindowRedrawsOnlyTheRowsItCanReachWhenTheRestIsTheSame() {
    var region = LiveRegion()
    let small = LiveRegion.Size(width: 10, height: 4)
    let old = lines("Timers", "a", "b", "c", "tea 3:00")
    _ = region.redraw(screen: old, rowsBelow: 0, size: small)
    // 5 rows and the prompt's: the cursor can reach 3 rows up, the first 2 are out of reach.
    let tick = region.redraw(
      screen: lines("Timers", "a", "b", "c", "tea 2:59"), rowsBelow: 0, size: small)
    #expect(tick.rowsUp == 3)
    #expect(plain(tick.rows) == ["b", "c", "tea 2:59"])
  }

  @Test func aRegionTallerThanTheWindowIsLeftWholeWhenWhatChangedIsOutOfReach() {
    var region = LiveRegion()
    let small = LiveRegion.Size(width: 10, height: 4)
    _ = region.redraw(screen: lines("Timers", "a", "b", "c", "d"), rowsBelow: 0, size: small)
    let changed = region.redraw(
      screen: lines("Timers", "A", "b", "c", "d"), rowsBelow: 1, size: small)
    // Only the edited line is erased; the old screen stays in the scrollback, whole.
    #expect(changed.rowsUp == 1)
    #expect(plain(changed.rows) == ["Timers", "A", "b", "c", "d"])
  }

  @Test func aRegionTallerThanTheWindowIsLeftWholeWhenATranscriptComes() {
    var region = LiveRegion()
    let small = LiveRegion.Size(width: 10, height: 4)
    _ = region.redraw(screen: lines("Todos", "1", "2", "3", "4"), rowsBelow: 0, size: small)
    let command = region.redraw(
      transcript: lines("todo> x"), screen: lines("Todos", "1", "2", "3", "4"), rowsBelow: 1,
      size: small)
    #expect(command.rowsUp == 1)
    #expect(plain(command.rows) == ["todo> x", "Todos", "1", "2", "3", "4"])
  }

  @Test func theFooterShowsUnderTheScreenUntilItIsReplaced() {
    var region = LiveRegion()
    let wide = LiveRegion.Size(width: 20, height: 8)
    _ = region.redraw(screen: lines("Timers"), rowsBelow: 0, size: wide)
    let listed = region.redraw(footer: lines("reset  remove"), rowsBelow: 0, size: wide)
    #expect(listed.rowsUp == 1)
    #expect(plain(listed.rows) == ["Timers", "reset  remove"])
    let ticked = region.redraw(screen: lines("Timers!"), rowsBelow: 0, size: wide)
    #expect(plain(ticked.rows) == ["Timers!", "reset  remove"])
    let cleared = region.redraw(footer: [], rowsBelow: 0, size: wide)
    #expect(cleared.rowsUp == 2)
    #expect(plain(cleared.rows) == ["Timers!"])
  }

  @Test func bytesHideTheCursorMoveUpEraseEachRowAndWhatIsLeft() {
    let redraw = LiveRegion.Redraw(
      rowsUp: 2, rows: [TerminalText("T", style: .title), TerminalText("x\u{1B}]0;y\u{7}")])
    #expect(
      redraw.bytes(style: ReplStyle(isColored: true))
        == "\u{1B}[?25l\r\u{1B}[2A\u{1B}[K\u{1B}[1mT\u{1B}[0m\r\n\u{1B}[Kx^[]0;y^G\r\n"
        + "\u{1B}[J\u{1B}[?25h")
    #expect(
      LiveRegion.Redraw(rowsUp: 0, rows: []).bytes(style: ReplStyle(isColored: false))
        == "\u{1B}[?25l\r\u{1B}[J\u{1B}[?25h")
  }
}
