// SPDX-License-Identifier: Apache-2.0

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal an app runs on, and its one owner: the settings it had at start (put back on
/// every way out), the writes to it, its size, the mode that hides a secret as it is typed,
/// the signals that reach the app, and the way the app leaves.
///
/// One instance serves a whole run and is shared by the threads that use it: the main actor
/// (frames, the exit), the input thread (the line editor) and the queue its signals arrive on.
/// Signals come through one path (`Terminal+Signals.swift`): a handler turns each into a byte
/// on a pipe, and a queue of the terminal's own reads them, so a signal is handled even while
/// the main actor is busy; how the app leaves is ``leave(_:)`` and ``end(_:)``.
package final class Terminal: Sendable {
  /// Whether standard input is a terminal, so a person types the lines.
  package let isInteractive: Bool
  /// Whether the screen can be a live region redrawn in place: a person types, and the output
  /// is a terminal that can move its cursor (not `TERM=dumb`).
  package let hasLiveRegion: Bool
  /// Colours when the output is a terminal and `NO_COLOR` is not set.
  package let style: ReplStyle
  /// The process environment, read once.
  package let environment: [String: String]
  /// The descriptors read and written.
  let input: Int32
  let output: Int32
  let errors: Int32
  /// Wake-ups for the line editor: a frame to draw, Ctrl-C, a resize.
  package let inbox: TerminalInbox
  /// Where the signals routed to this terminal arrive.
  let signals = SignalRelay()
  /// How long the main actor has to take up a way out a signal started before the process
  /// ends without it (it is stuck: a write that blocks, an open that waits).
  let exitGrace: DispatchTimeInterval
  /// The settings of the input terminal at start.
  private let settings: termios?
  let state = Locked(State())

  /// What changes while the app runs.
  struct State {
    /// How far the app is on its way out.
    var exit = ExitPhase.running
    /// The session's way out, once it runs: saves, then calls ``end(_:)``.
    var exitHandler: (@MainActor @Sendable (ExitReason) -> Void)?
    /// Whether a write found the output closed.
    var isOutputClosed = false
    /// The signals routed to ``handle(signal:)`` so far.
    var routedSignals: Set<Int32> = []
    /// Whether the line editor reads a line or a secret now: `SIGINT` then gives the line up
    /// rather than ending the app.
    var isReadingLine = false
  }

  /// How far the app is on its way out.
  enum ExitPhase: Hashable {
    case running
    /// On the way out for `reason`; `isTaken` once the session's way out runs on the main
    /// actor.
    case leaving(ExitReason, isTaken: Bool)
    case ended
  }

  /// The terminal of this process: standard input, output and error.
  package static func standard() -> Terminal {
    Terminal(input: 0, output: 1, errors: 2, environment: HistoryLocation.processEnvironment)
  }

  /// Takes charge of the terminal on `input` and `output`: remembers its settings, routes
  /// `SIGTERM`, `SIGHUP`, `SIGINT` and `SIGQUIT` to ``leave(_:)`` from now on, and has a crash
  /// put the settings back before the process dies.
  ///
  /// A write to an output whose reader is gone returns an error rather than killing the
  /// process (`SIGPIPE` is ignored), so that the app can save before it ends.
  ///
  /// - Parameter exitGrace: How long the main actor has to take up the way out a signal
  ///   started before the process ends without it.
  package init(
    input: Int32, output: Int32, errors: Int32, environment: [String: String],
    exitGrace: DispatchTimeInterval = .seconds(2)
  ) {
    signal(SIGPIPE, SIG_IGN)
    self.exitGrace = exitGrace
    self.input = input
    self.output = output
    self.errors = errors
    self.environment = environment
    isInteractive = isatty(input) == 1
    var captured = termios()
    settings = isInteractive && tcgetattr(input, &captured) == 0 ? captured : nil
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    style = ReplStyle(isColored: isInteractive && isatty(output) == 1 && !noColor)
    // A live screen needs a terminal on both ends that can move its cursor; with output
    // redirected, or on a dumb terminal, the transcript only grows.
    hasLiveRegion = isInteractive && isatty(output) == 1 && environment["TERM"] != "dumb"
    inbox = TerminalInbox()
    route([SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    if let settings {
      CrashRestore.install(
        input: input, settings: settings, output: isatty(output) == 1 ? output : -1,
        environment: environment)
    }
  }

  // MARK: Writing

  /// Writes `text` to the output.
  package func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// Writes `bytes` to the output; once a write fails, nothing more is written and the app
  /// leaves: by `SIGPIPE` when the output is closed (a pipe whose reader is gone, a terminal
  /// that hung up), with status 1 after saying why on standard error for any other failure (a
  /// full disk, `/dev/full`).
  package func write(_ bytes: [UInt8]) {
    guard !state.withLock({ $0.isOutputClosed }) else { return }
    guard let failure = Self.writeAll(bytes, to: output) else { return }
    let isFirst = state.withLock { state in
      defer { state.isOutputClosed = true }
      return !state.isOutputClosed
    }
    guard isFirst else { return }
    if failure == EPIPE || failure == EIO {
      // Before the session runs there is nothing to save, and the app ends as it would.
      if state.withLock({ $0.exitHandler != nil }) { leave(.signal(SIGPIPE)) }
      return
    }
    writeError("cannot write to standard output: \(String(cString: strerror(failure)))\n")
    leave(.finished(status: 1))
  }

  /// Writes `text` to standard error; errors are ignored.
  package func writeError(_ text: String) {
    _ = Self.writeAll(Array(text.utf8), to: errors)
  }

  /// Writes every byte; returns the `errno` of a write that failed, or nil.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }

  // MARK: Size and modes

  /// The width of the output terminal, or nil when it is not a terminal.
  package var width: Int? {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The size of the output terminal's window; 80 by 24 when it cannot be told.
  package var size: LiveRegion.Size {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return LiveRegion.Size(width: 80, height: 24)
    }
    return LiveRegion.Size(width: Int(size.ws_col), height: size.ws_row > 0 ? Int(size.ws_row) : 24)
  }

  /// Runs `body` with the input in canonical mode and its echo off, so a secret can be typed
  /// without showing, then puts the mode back.
  func withEchoOff<Result>(_ body: () -> Result) -> Result {
    var current = termios()
    guard tcgetattr(input, &current) == 0 else { return body() }
    var hidden = current
    hidden.c_lflag &= ~tcflag_t(ECHO)
    hidden.c_lflag |= tcflag_t(ICANON)
    _ = tcsetattr(input, TCSANOW, &hidden)
    defer { _ = tcsetattr(input, TCSANOW, &current) }
    return body()
  }

  /// Notes whether the line editor reads a line or a secret now, which `SIGINT` gives up.
  func setReadingLine(_ isReading: Bool) {
    state.withLock { $0.isReadingLine = isReading }
  }

  /// Puts back the settings the input terminal had at start (echo, canonical mode, which the
  /// line editor turns off while it reads) and shows the cursor.
  func restore() {
    if var settings { _ = tcsetattr(input, TCSANOW, &settings) }
    if isatty(output) == 1 { _ = Self.writeAll(Array("\u{1B}[?25h".utf8), to: output) }
  }
}

/// Wake-ups for the line editor, which waits in `poll` on its input and this pipe: a frame to
/// draw, Ctrl-C, a resize. Each message is one byte, so posting is safe from any thread.
package final class TerminalInbox: Sendable {
  /// What the editor is woken for.
  package enum Message: UInt8, Sendable {
    /// The live display holds something to draw.
    case draw = 1
    /// Ctrl-C.
    case interrupt = 2
    /// The window changed size.
    case resize = 3
  }

  private let pipe = BytePipe()

  /// The end the editor polls.
  var readDescriptor: Int32 { pipe.readDescriptor }

  /// Wakes the editor with `message`.
  package func post(_ message: Message) {
    pipe.post(message.rawValue)
  }

  /// The messages waiting, oldest first.
  package func take() -> [Message] {
    pipe.take().compactMap(Message.init(rawValue:))
  }
}
