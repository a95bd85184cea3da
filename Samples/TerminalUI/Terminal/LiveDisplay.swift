// SPDX-License-Identifier: Apache-2.0

/// The output of a session on an interactive terminal: the current screen is a ``LiveRegion``
/// redrawn in place above the line being edited, and the transcript (each line typed, its
/// reply) scrolls up above it and stays.
///
/// Two threads draw: the main actor, while the line editor is not reading (a command is being
/// handled), and the line editor's thread, inside libedit, while it is. A frame that arrives
/// while the editor reads is kept (the latest screen, the transcript lines in order) and the
/// editor is woken to draw it (``drawPending(cursorRow:libeditRow:)``), so that libedit can
/// redraw the half-typed line under it. One lock orders both.
package final class LiveDisplay: Sendable {
  private struct State {
    var region = LiveRegion()
    /// The screen's lines as last given, without the empty line above them.
    var screen: [TerminalText] = []
    var isReading = false
    var pendingTranscript: [TerminalText] = []
    var hasPending = false
    /// The rows of the line just read, still on the terminal above the cursor.
    var submittedRows = 0
    /// Whether anything was written above the region (then an empty line sets it apart).
    var hasTranscript = false
  }

  private let state = Locked(State())
  private let style: ReplStyle
  private let size: @Sendable () -> LiveRegion.Size
  private let write: @Sendable (String) -> Void
  private let wake: @Sendable () -> Void

  /// Creates a display.
  ///
  /// - Parameters:
  ///   - style: Colours or plain text.
  ///   - size: The terminal window's size now.
  ///   - write: Writes bytes to the terminal.
  ///   - wake: Makes the line editor call ``drawPending(cursorRow:libeditRow:)`` soon.
  package init(
    style: ReplStyle, size: @escaping @Sendable () -> LiveRegion.Size,
    write: @escaping @Sendable (String) -> Void, wake: @escaping @Sendable () -> Void
  ) {
    self.style = style
    self.size = size
    self.write = write
    self.wake = wake
  }

  // MARK: The session's side

  /// Shows a frame: at once when no line is being read, otherwise through the editor.
  package func present(_ frame: ReplFrame) {
    state.withLock { state in
      if let screen = frame.screen { state.screen = screen }
      var transcript = state.pendingTranscript
      if let echo = frame.echo, echo.line.contains(where: { !$0.isWhitespace }) {
        transcript.append(TerminalText(echo.prompt + echo.line))
      }
      transcript += frame.transcript
      if state.isReading {
        state.pendingTranscript = transcript
        state.hasPending = true
        wake()
        return
      }
      state.pendingTranscript = []
      state.hasPending = false
      // A line was read: the cursor is under it, and the line goes into the transcript as the
      // session echoed it (its secrets masked) in place of what libedit showed.
      let rowsBelow = state.submittedRows
      state.submittedRows = 0
      let redraw = Self.redraw(
        &state, transcript: transcript, footer: frame.echo == nil ? nil : [],
        rowsBelow: rowsBelow, size: size())
      write(redraw.bytes(style: style))
    }
  }

  // MARK: The line editor's side

  /// The editor is about to read a line: frames now go through it.
  package func lineWillBeRead() {
    state.withLock { $0.isReading = true }
  }

  /// The editor read a line that takes `rows` rows on the terminal, with the cursor under them
  /// (a secret asked for after a line adds its prompt's rows to the line's).
  package func lineWasRead(rows: Int) {
    state.withLock { state in
      state.isReading = false
      state.submittedRows += rows
    }
  }

  /// The bytes that draw what arrived while the line was being edited, or nil when nothing
  /// did.
  ///
  /// - Parameters:
  ///   - cursorRow: The cursor's row within the edited line (0 on the prompt's row).
  ///   - libeditRow: The row libedit believes the cursor is on; that many line feeds follow,
  ///     because libedit's redisplay first moves up by it.
  package func drawPending(cursorRow: Int, libeditRow: Int) -> String? {
    state.withLock { state in
      guard state.hasPending else { return nil }
      state.hasPending = false
      let transcript = state.pendingTranscript
      state.pendingTranscript = []
      let redraw = Self.redraw(
        &state, transcript: transcript, rowsBelow: cursorRow, size: size())
      return redraw.bytes(style: style) + String(repeating: "\n", count: libeditRow)
    }
  }

  /// The bytes that move `line` (the prompt and what was typed, as shown) into the transcript
  /// and draw the region again under it, as when a line is given up with Ctrl-C.
  package func commitEditedLine(
    _ line: TerminalText, cursorRow: Int, libeditRow: Int
  ) -> String {
    state.withLock { state in
      let redraw = Self.redraw(
        &state, transcript: state.pendingTranscript + [line], footer: [], rowsBelow: cursorRow,
        size: size())
      state.pendingTranscript = []
      state.hasPending = false
      return redraw.bytes(style: style) + String(repeating: "\n", count: libeditRow)
    }
  }

  /// The bytes that show `lines` under the screen (completion candidates) until the line is
  /// read.
  package func showFooter(_ lines: [TerminalText], cursorRow: Int, libeditRow: Int) -> String {
    state.withLock { state in
      let redraw = Self.redraw(
        &state, transcript: state.pendingTranscript, footer: lines, rowsBelow: cursorRow,
        size: size())
      state.pendingTranscript = []
      state.hasPending = false
      return redraw.bytes(style: style) + String(repeating: "\n", count: libeditRow)
    }
  }

  /// The bytes that draw the region again after the window changed size; libedit has
  /// forgotten where its cursor was, so no line feeds follow.
  ///
  /// - Parameter windowRow: The cursor's row in the window (0 for the top row) as the terminal
  ///   answered after the resize, or nil when it did not: a reflow may have pushed rows of the
  ///   region into the scrollback.
  package func redrawAfterResize(cursorRow: Int, windowRow: Int? = nil) -> String {
    state.withLock { state in
      Self.redraw(&state, transcript: [], rowsBelow: cursorRow, size: size(), windowRow: windowRow)
        .bytes(style: style)
    }
  }

  private static func redraw(
    _ state: inout State, transcript: [TerminalText], footer: [TerminalText]? = nil,
    rowsBelow: Int, size: LiveRegion.Size, windowRow: Int? = nil
  ) -> LiveRegion.Redraw {
    if !transcript.isEmpty { state.hasTranscript = true }
    let screen = (state.hasTranscript ? [TerminalText()] : []) + state.screen
    return state.region.redraw(
      transcript: transcript, screen: screen, footer: footer, rowsBelow: rowsBelow, size: size,
      windowRow: windowRow)
  }
}
