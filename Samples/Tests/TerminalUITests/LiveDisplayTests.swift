// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

/// How the live display shares the terminal with the line editor: frames drawn at once while
/// no line is read, handed to the editor while one is, and each line read moved into the
/// transcript as the session echoed it.
@Suite struct LiveDisplayTests {
  private final class Terminal: Sendable {
    let written = Locked<[String]>([])
    let wakeups = Locked(0)

    func take() -> [String] {
      written.withLock { texts in
        defer { texts = [] }
        return texts
      }
    }
  }

  private func makeDisplay() -> (LiveDisplay, Terminal) {
    let terminal = Terminal()
    let display = LiveDisplay(
      style: ReplStyle(isColored: false), size: { LiveRegion.Size(width: 40, height: 20) },
      write: { text in terminal.written.withLock { $0.append(text) } },
      wake: { terminal.wakeups.withLock { $0 += 1 } })
    return (display, terminal)
  }

  private func screen(_ lines: String...) -> [TerminalText] {
    lines.map { TerminalText($0) }
  }

  private func redraw(up: Int, _ rows: String...) -> String {
    LiveRegion.Redraw(rowsUp: up, rows: rows.map { TerminalText($0) })
      .bytes(style: ReplStyle(isColored: false))
  }

  @Test func aFrameIsDrawnAtOnceWhileNoLineIsRead() {
    let (display, terminal) = makeDisplay()
    display.present(ReplFrame(screen: screen("Todos", "-----")))
    #expect(terminal.take() == [redraw(up: 0, "Todos", "-----")])
    #expect(terminal.wakeups.withLock { $0 } == 0)
  }

  @Test func aFrameWhileALineIsReadWaitsForTheEditorThenReplacesTheRegionAboveTheLine() {
    let (display, terminal) = makeDisplay()
    display.present(ReplFrame(screen: screen("tea 3:00")))
    _ = terminal.take()
    display.lineWillBeRead()
    display.present(ReplFrame(screen: screen("tea 2:59")))
    display.present(ReplFrame(transcript: [TerminalText("warning: x")], screen: screen("tea 2:58")))
    #expect(terminal.take().isEmpty)
    #expect(terminal.wakeups.withLock { $0 } == 2)
    // The cursor is on the edited line's second row; libedit thinks so too.
    let pending = display.drawPending(cursorRow: 1, libeditRow: 1)
    #expect(pending == redraw(up: 2, "warning: x", "", "tea 2:58") + "\n")
    #expect(display.drawPending(cursorRow: 1, libeditRow: 1) == nil)
  }

  @Test func aLineReadGoesIntoTheTranscriptAsTheSessionEchoesItWithItsSecretsMasked() {
    let (display, terminal) = makeDisplay()
    display.present(ReplFrame(screen: screen("Sign in")))
    display.lineWillBeRead()
    display.lineWasRead(rows: 1)
    _ = terminal.take()
    display.present(
      ReplFrame(
        echo: .init(prompt: "ttt> ", line: "login ann \(SecretText.mask)"),
        transcript: [TerminalText("Signing in…")], screen: screen("Checking")))
    #expect(
      terminal.take() == [
        redraw(up: 2, "ttt> login ann \(SecretText.mask)", "Signing in…", "", "Checking")
      ])
  }

  @Test func anEmptyLineIsNotKeptInTheTranscript() {
    let (display, terminal) = makeDisplay()
    display.present(ReplFrame(screen: screen("Todos")))
    display.lineWillBeRead()
    display.lineWasRead(rows: 1)
    _ = terminal.take()
    display.present(ReplFrame(echo: .init(prompt: "todo> ", line: "  "), screen: screen("Todos")))
    #expect(terminal.take() == [redraw(up: 2, "Todos")])
  }

  @Test func aLineGivenUpWithCtrlCStaysAboveTheRegionAndCompletionsShowBelowIt() {
    let (display, terminal) = makeDisplay()
    display.present(ReplFrame(screen: screen("Timers")))
    _ = terminal.take()
    display.lineWillBeRead()
    #expect(
      display.showFooter([TerminalText("reset  remove")], cursorRow: 0, libeditRow: 0)
        == redraw(up: 1, "Timers", "reset  remove"))
    #expect(
      display.commitEditedLine(TerminalText("timers> pau^C"), cursorRow: 0, libeditRow: 0)
        == redraw(up: 2, "timers> pau^C", "", "Timers"))
  }

  @Test func afterAResizeTheRegionIsDrawnWithoutTheLineFeedsForLibedit() {
    let (display, terminal) = makeDisplay()
    display.present(ReplFrame(screen: screen("Timers")))
    _ = terminal.take()
    display.lineWillBeRead()
    #expect(display.redrawAfterResize(cursorRow: 1) == redraw(up: 2, "Timers"))
  }
}
