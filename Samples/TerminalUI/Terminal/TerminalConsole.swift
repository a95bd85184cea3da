// SPDX-License-Identifier: Apache-2.0

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The console of a ``TerminalApp`` run as an executable: frames go to the ``Terminal`` (as a
/// live region redrawn in place, or as a transcript that only grows), and lines come from the
/// line editor on a terminal or from standard input otherwise.
@MainActor
final class TerminalConsole: ReplConsole {
  let terminal: Terminal
  /// The line editor, when a person types.
  private let editor: EditLineSource?
  /// The live region, on a terminal that can redraw it.
  private let display: LiveDisplay?
  private let transcript: TranscriptFormat
  private let events: EventLog?
  /// What could not be set up and the user is to be told, with the first screen.
  let warnings: [String]

  /// Sets up the input and output of `terminal` for the app `name`; on a terminal this makes
  /// the line editor, which loads the history file.
  init(appName name: String, terminal: Terminal) {
    self.terminal = terminal
    let environment = terminal.environment
    let historyFile = HistoryLocation.file(forApp: name, environment: environment)
    editor =
      terminal.isInteractive
      ? EditLineSource(
        programName: name, prompt: "\(name)> ", historyFile: historyFile, terminal: terminal)
      : nil
    if let historyFile, let problem = editor?.historyProblem {
      warnings = [
        "cannot use \(TextLayout.visible(historyFile)) as the history file: \(problem);"
          + " the lines typed will not be kept"
      ]
    } else {
      warnings = []
    }
    if let editor, terminal.hasLiveRegion {
      let display = LiveDisplay(
        style: terminal.style, size: { terminal.size }, write: { terminal.write($0) },
        wake: { terminal.inbox.post(.draw) })
      editor.attach(display)
      self.display = display
    } else {
      display = nil
    }
    // Lines typed by a person show as typed; piped ones are echoed after the prompt.
    transcript = TranscriptFormat(style: terminal.style, echoesInput: !terminal.isInteractive)
    events = environment["TERMINALUI_EVENTS"].flatMap(EventLog.init(path:))
  }

  /// Runs `session`, started on this console, until it ends the process: its input is read on
  /// a thread of its own, every way out goes through it, and the main actor serves its timers
  /// and workers meanwhile.
  func run<W>(_ session: ReplSession<W>) -> Never {
    terminal.onExit { reason in session.leave(reason) }
    editor?.windowDidResize = {
      DispatchQueue.main.async { MainActor.assumeIsolated { session.widthDidChange() } }
    }
    // Through the main queue, as the lines are: a change typed before Enter arrives first.
    editor?.lineDidChange = { text in
      DispatchQueue.main.async { MainActor.assumeIsolated { session.typedLineDidChange(text) } }
    }
    let source: any LineSource & Sendable =
      editor ?? PlainLineReader(fileDescriptor: terminal.input)
    InputLoop.start(source, feeding: session)
    dispatchMain()
  }

  // MARK: ReplConsole

  var isInteractive: Bool { terminal.isInteractive }

  var showsScreensBetweenCommands: Bool { display != nil }

  var waitsForScreens: Bool { true }

  var width: Int { terminal.isInteractive ? terminal.width ?? 80 : 80 }

  func show(_ frame: ReplFrame) {
    if let display {
      display.present(frame)
    } else {
      let text = transcript.text(of: frame)
      if !text.isEmpty { terminal.write(text) }
    }
  }

  func screenDidChange(_ screen: PublishedScreen) {
    guard let editor else { return }
    editor.setCompletionModel(screen.completionModel)
    editor.setPrompt(screen.prompt)
  }

  func remember(_ entry: String) {
    editor?.remember(entry)
  }

  func note(_ event: ReplEvent) {
    events?.append(event)
  }

  func end(_ reason: ExitReason) {
    // The shell's next prompt starts on a line of its own.
    if case .finished = reason, terminal.isInteractive { terminal.write("\n") }
    terminal.end(reason)
  }
}

/// The file named by `TERMINALUI_EVENTS`, to which the app appends a line for each
/// ``ReplEvent`` (`waiting 3`, `saved 3`), so that a program driving it can wait for the moment
/// rather than guess how long it takes.
///
/// It may be a FIFO that the driving program reads: it is opened without waiting for a
/// reader, and a line that does not fit (no reader, a full pipe) is dropped rather than
/// waited for.
final class EventLog: Sendable {
  private let descriptor: Int32

  /// Opens `path` for appending, or gives nil when it cannot be opened.
  init?(path: String) {
    let descriptor = open(
      path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Appends `event` as a line.
  func append(_ event: ReplEvent) {
    let bytes = Array((event.description + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }
}
