// SPDX-License-Identifier: Apache-2.0

import CLibEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive line editor: libedit with emacs key bindings, a history file, tab
/// completion, and a ``LiveDisplay`` redrawn above the half-typed line.
///
/// libedit reads characters through `nextCharacter(_:)`, which waits with `poll` on the
/// terminal's input and its inbox (``TerminalInbox``). A frame for the display, Ctrl-C and a
/// window resize arrive as messages there; for each the reader returns a key bound to a
/// function that draws what the display holds (or gives the line up) and asks libedit to
/// redisplay the prompt and the line under it. All libedit calls happen on the thread calling
/// ``readLine()``.
///
/// libedit has no way to mask what is typed: no `EL_` setting hides the buffer it displays,
/// and its refresh draws the buffer as it is. So a secret argument typed on the line shows
/// while it is typed and is masked once the line is entered, when the display moves the line
/// into the transcript; a secret left out of the line is asked for with ``readSecret(prompt:)``,
/// which reads it with the terminal's echo off, outside libedit.
package final class EditLineSource: @unchecked Sendable {
  static let wakeKey: Int32 = 0x1D  // Ctrl-]
  static let interruptKey: Int32 = 0x03  // Ctrl-C
  /// How long the editor waits for the terminal to say where its cursor is, after a resize.
  static let positionReportLimit = Duration.milliseconds(500)

  let editLine: OpaquePointer
  /// The terminal edited on: its input, its output, its size and its inbox.
  let terminal: Terminal
  private let history: HistoryStore
  private let prompt = Locked("> ")
  /// The C string libedit last got; touched only on the reading thread.
  private var shownPrompt: PromptText?
  let completions = Locked(CompletionModel(entries: []))
  /// Bytes read from the input and not given to libedit yet, oldest first: a byte that ended a
  /// character early, keys typed while the terminal was asked where its cursor is.
  var unreadBytes: [UInt8] = []
  /// How many answers to a cursor position question came too late and are still to be taken
  /// out of the input.
  var lateReports = 0
  /// Keys the inbox's messages turned into, not returned to libedit yet.
  var pendingKeys: [Int32] = []
  /// Inbox messages that came while a secret was read, handled at the next line.
  var deferredMessages: [TerminalInbox.Message] = []
  /// The display drawn above the edited line; nil writes nothing but the editor's own output.
  var display: LiveDisplay?
  /// Set by a window resize until its redraw: libedit then believes its cursor is on row 0.
  var hasResized = false
  /// Called on the editor's thread after the window changed size.
  package var windowDidResize: (@Sendable () -> Void)?
  /// Called on the editor's thread with the line being edited when it changed, once the keys
  /// typed so far are handled and before the editor waits for the next.
  package var lineDidChange: (@Sendable (String) -> Void)?
  /// The line last given to ``lineDidChange``; touched only on the reading thread.
  var reportedLine = ""

  /// Creates the editor on `terminal` and loads the history file; Ctrl-C while it reads and
  /// window resizes reach it from now on.
  ///
  /// - Parameters:
  ///   - programName: The name libedit reports (for `~/.editrc` sections).
  ///   - prompt: The prompt shown before each line.
  ///   - historyFile: Where history is loaded from and saved to; nil keeps it in memory.
  ///   - terminal: The terminal to edit on.
  package init?(programName: String, prompt: String, historyFile: String?, terminal: Terminal) {
    Self.selectUTF8Locale()
    guard let input = fdopen(terminal.input, "r"), let output = fdopen(terminal.output, "w"),
      let errors = fdopen(terminal.errors, "w"),
      let editLine = el_init(programName, input, output, errors),
      let history = HistoryStore(file: historyFile)
    else { return nil }
    self.editLine = editLine
    self.terminal = terminal
    self.history = history
    self.prompt.withLock { $0 = prompt }
    configure()
    terminal.route([SIGWINCH])
  }

  deinit {
    el_end(editLine)
  }

  /// Draws `display` above the edited line from now on.
  package func attach(_ display: LiveDisplay) {
    self.display = display
  }

  /// Replaces what tab completion offers; callable from any thread.
  package func setCompletionModel(_ model: CompletionModel) {
    completions.withLock { $0 = model }
  }

  /// Replaces the prompt shown before the next line; callable from any thread.
  package func setPrompt(_ text: String) {
    prompt.withLock { $0 = text }
  }

  /// The prompt shown now.
  var promptText: String { prompt.withLock { $0 } }

  /// The prompt as a C string for libedit, made again only when the prompt changed; called by
  /// libedit on the reading thread, which alone frees the old one.
  private func promptPointer() -> UnsafeMutablePointer<CChar> {
    let text = promptText
    if let shownPrompt, shownPrompt.text == text { return shownPrompt.pointer }
    let made = PromptText(text)
    shownPrompt = made
    return made.pointer
  }

  /// Why the history file is not used, when it is not.
  package var historyProblem: String? { history.problem }

  /// Reads one edited line, or returns nil at Ctrl-D on an empty line or the end of input.
  ///
  /// The line is not added to the history: the session decides what of it may be kept
  /// (``remember(_:)``).
  package func readLine() -> String? {
    display?.lineWillBeRead()
    // A new line starts empty; that is no change to report.
    reportedLine = ""

    var count: Int32 = 0
    terminal.setReadingLine(true)
    let raw = el_gets(editLine, &count)
    terminal.setReadingLine(false)
    guard let raw, count > 0 else {
      display?.lineWasRead(rows: 0)
      return nil
    }
    var line = String(cString: raw)
    while line.last?.isNewline == true { line.removeLast() }
    let width = terminal.size.width
    display?.lineWasRead(
      rows: TextLayout.editedRowCount(of: promptText + TextLayout.visible(line), width: width))
    return line
  }

  /// Adds `entry` to the history and to the history file; a failure to write is ignored.
  package func remember(_ entry: String) {
    history.add(entry)
  }
}

extension EditLineSource: LineSource {
  /// Always: a person types each line.
  package var nextReadMayWait: Bool { true }

  // MARK: Set-up

  private func configure() {
    _ = clibedit_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    _ = clibedit_set_prompt(editLine) { editLine in
      EditLineSource.owner(of: editLine)?.promptPointer()
    }
    _ = clibedit_set_editor(editLine, "emacs")
    _ = clibedit_set_signal(editLine, 0)
    _ = clibedit_set_history(editLine, history.history)
    _ = clibedit_set_getc(editLine) { editLine, character in
      guard let editLine, let character, let owner = EditLineSource.owner(of: editLine) else {
        return -1
      }
      return owner.nextCharacter(character)
    }
    _ = clibedit_add_function(editLine, "wf-show", "Show queued output") { editLine, _ in
      guard let editLine, let owner = EditLineSource.owner(of: editLine) else { return 0 }
      return owner.showPending()
    }
    _ = clibedit_add_function(editLine, "wf-interrupt", "Clear the line") { editLine, _ in
      guard let editLine, let owner = EditLineSource.owner(of: editLine) else { return 0 }
      return owner.interrupt()
    }
    _ = clibedit_add_function(editLine, "wf-complete", "Complete the word") { editLine, _ in
      guard let editLine, let owner = EditLineSource.owner(of: editLine) else { return 0 }
      return owner.complete()
    }
    _ = clibedit_bind(editLine, "^]", "wf-show")
    _ = clibedit_bind(editLine, "^C", "wf-interrupt")
    _ = clibedit_bind(editLine, "^I", "wf-complete")
  }

  private static func owner(of editLine: OpaquePointer?) -> EditLineSource? {
    guard let editLine, let data = clibedit_client_data(editLine) else { return nil }
    return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue()
  }

  /// libedit shows multibyte characters only under a UTF-8 character type locale.
  private static func selectUTF8Locale() {
    setlocale(LC_CTYPE, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    if codeset.uppercased().replacingOccurrences("-", "") != "UTF8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }
}

/// The prompt as the C string libedit's prompt function returns.
private final class PromptText {
  let text: String
  let pointer: UnsafeMutablePointer<CChar>

  init(_ text: String) {
    self.text = text
    pointer = strdup(text)
  }

  deinit {
    free(pointer)
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
