// SPDX-License-Identifier: Apache-2.0

import CLibEdit
import Synchronization
import WorkflowReactive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive line editor: libedit with emacs key bindings, a history file, tab
/// completion, and output from other threads shown without losing the half-typed line.
///
/// libedit reads characters through `nextCharacter(_:)`, which waits with `poll` on standard
/// input, a wake-up pipe and the `SignalPipe`. ``show(_:)`` queues text and writes to the
/// wake-up pipe; the reader then returns a key bound to a function that clears the edited line,
/// prints the text and asks libedit to redisplay the prompt and the line. Ctrl-C arrives the
/// same way and clears the line. All libedit calls happen on the thread calling
/// ``readLine()``.
package final class EditLineSource: @unchecked Sendable {
  private static let wakeKey: Int32 = 0x1D  // Ctrl-]
  private static let interruptKey: Int32 = 0x03  // Ctrl-C

  private let editLine: OpaquePointer
  private let history: OpaquePointer
  private let historyFile: String?
  private let prompt: UnsafeMutablePointer<CChar>
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let pending = Mutex<[String]>([])
  private let completions = Mutex(CompletionModel(entries: []))
  private var pushedBack: UInt8?

  /// Creates the editor and loads the history file.
  ///
  /// - Parameters:
  ///   - programName: The name libedit reports (for `~/.editrc` sections).
  ///   - prompt: The prompt shown before each line.
  ///   - historyFile: Where history is loaded from and saved to; nil keeps it in memory.
  package init?(programName: String, prompt: String, historyFile: String?) {
    Self.selectUTF8Locale()
    SignalPipe.install()
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    guard let input = fdopen(0, "r"), let output = fdopen(1, "w"), let errors = fdopen(2, "w"),
      let editLine = el_init(programName, input, output, errors), let history = history_init()
    else { return nil }
    self.editLine = editLine
    self.history = history
    self.historyFile = historyFile
    self.prompt = strdup(prompt)
    wakeRead = fds[0]
    wakeWrite = fds[1]
    configure()
  }

  deinit {
    el_end(editLine)
    history_end(history)
    free(prompt)
    close(wakeRead)
    close(wakeWrite)
  }

  /// Replaces what tab completion offers; callable from any thread.
  package func setCompletionModel(_ model: CompletionModel) {
    completions.withLock { $0 = model }
  }

  /// Shows `text` at once, above the line being edited; callable from any thread.
  package func show(_ text: String) {
    pending.withLock { $0.append(text) }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Reads one edited line, or returns nil at Ctrl-D on an empty line or the end of input.
  ///
  /// A non-blank line is added to the history, and the history file is saved; a failure to
  /// save is ignored.
  package func readLine() -> String? {
    var count: Int32 = 0
    guard let raw = el_gets(editLine, &count), count > 0 else { return nil }
    var line = String(cString: raw)
    while line.last?.isNewline == true { line.removeLast() }
    if line.contains(where: { !$0.isWhitespace }) {
      _ = clibedit_history_enter(history, line)
      if let historyFile, HistoryLocation.createParentDirectories(of: historyFile) {
        _ = clibedit_history_save(history, historyFile)
      }
    }
    return line
  }

  // MARK: Set-up

  private func configure() {
    _ = clibedit_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    _ = clibedit_set_prompt(editLine) { editLine in
      EditLineSource.owner(of: editLine)?.prompt
    }
    _ = clibedit_set_editor(editLine, "emacs")
    _ = clibedit_set_signal(editLine, 0)
    _ = clibedit_history_set_size(history, 1000)
    _ = clibedit_history_set_unique(history, 1)
    _ = clibedit_set_history(editLine, history)
    if let historyFile { _ = clibedit_history_load(history, historyFile) }
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

  // MARK: Reading

  /// libedit's character source: standard input, interrupted by queued output and signals.
  private func nextCharacter(_ character: UnsafeMutablePointer<wchar_t>) -> Int32 {
    while true {
      if let byte = pushedBack {
        pushedBack = nil
        return decode(startingWith: byte, into: character)
      }
      var fds = [
        pollfd(fd: SignalPipe.readDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
      ]
      if poll(&fds, nfds_t(fds.count), -1) < 0 {
        if errno == EINTR { continue }
        return -1
      }
      if fds[0].revents != 0 {
        let signals = SignalPipe.drain()
        if signals.contains(SIGWINCH) { el_resize(editLine) }
        if signals.contains(SIGINT) {
          character.pointee = wchar_t(Self.interruptKey)
          return 1
        }
      }
      if fds[1].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
        character.pointee = wchar_t(Self.wakeKey)
        return 1
      }
      if fds[2].revents != 0 {
        guard let byte = readByte() else { return 0 }
        return decode(startingWith: byte, into: character)
      }
    }
  }

  private func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(0, &byte, 1)
      if count == 1 { return byte }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }

  /// Decodes one UTF-8 sequence; malformed input becomes U+FFFD.
  private func decode(startingWith lead: UInt8, into character: UnsafeMutablePointer<wchar_t>)
    -> Int32
  {
    let length =
      switch lead {
      case 0..<0x80: 1
      case 0xC2..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF5: 4
      default: 0
      }
    guard length > 0 else {
      character.pointee = 0xFFFD
      return 1
    }
    var bytes = [lead]
    while bytes.count < length {
      guard let next = readByte() else { break }
      guard next & 0xC0 == 0x80 else {
        pushedBack = next
        break
      }
      bytes.append(next)
    }
    let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    character.pointee = wchar_t(bitPattern: scalar.value)
    return 1
  }

  // MARK: Bound functions

  /// Clears the edited line on screen, prints the queued output and has libedit redraw.
  private func showPending() -> UInt8 {
    let texts = pending.withLock { queued in
      defer { queued.removeAll() }
      return queued
    }
    guard !texts.isEmpty else { return UInt8(CC_NORM) }
    // Go to the first row of the edited line and clear from there down. Redisplay moves the
    // cursor up by the row libedit thinks it is on, so as many blank lines follow the text.
    let row = cursorRow()
    let up = row > 0 ? "\u{1B}[\(row)A" : ""
    writeOut(up + "\r\u{1B}[J" + texts.joined() + String(repeating: "\n", count: row))
    return UInt8(CC_REDISPLAY)
  }

  /// Ctrl-C: drops the edited line and starts a fresh one, as a shell does.
  private func interrupt() -> UInt8 {
    guard let (text, cursor, end) = editedLine() else { return UInt8(CC_NORM) }
    let row = cursorRow()
    _ = el_cursor(editLine, Int32(end - cursor))
    el_deletestr(editLine, Int32(text.count))
    writeOut("^C\n" + String(repeating: "\n", count: row))
    return UInt8(CC_REDISPLAY)
  }

  /// Tab: inserts the certain part of a completion, or lists the candidates.
  private func complete() -> UInt8 {
    guard let (text, cursor, _) = editedLine() else { return UInt8(CC_ERROR) }
    let prefix = Self.string(from: text[..<cursor])
    let completion = completions.withLock { $0.complete(prefix) }
    if !completion.insertion.isEmpty {
      _ = el_insertstr(editLine, completion.insertion)
      return UInt8(CC_REFRESH)
    }
    guard !completion.candidates.isEmpty else { return UInt8(CC_ERROR) }
    writeOut("\n" + completion.candidates.joined(separator: "  ") + "\n")
    return UInt8(CC_REDISPLAY)
  }

  /// The row of the cursor within the edited line (0 for the prompt's row), as libedit wraps
  /// the prompt and the line at the terminal width.
  private func cursorRow() -> Int {
    guard let (text, cursor, _) = editedLine() else { return 0 }
    let width = TerminalOutput.terminalWidth() ?? 80
    let column =
      TextLayout.displayWidth(String(cString: prompt))
      + TextLayout.displayWidth(Self.string(from: text[..<cursor]))
    return column / max(1, width)
  }

  private static func string(from characters: ArraySlice<wchar_t>) -> String {
    var scalars = String.UnicodeScalarView()
    for value in characters {
      scalars.append(Unicode.Scalar(UInt32(bitPattern: value)) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  /// The edited line as wide characters, with the cursor's and the end's offsets in it.
  private func editedLine() -> (text: [wchar_t], cursor: Int, end: Int)? {
    guard let info = el_wline(editLine), let start = info.pointee.buffer,
      let cursor = info.pointee.cursor, let end = info.pointee.lastchar
    else { return nil }
    let text = Array(UnsafeBufferPointer(start: start, count: end - start))
    return (text, cursor - start, end - start)
  }

  /// Writes to the terminal; line feeds become CR LF because the editor may have turned off
  /// output post-processing.
  private func writeOut(_ text: String) {
    var bytes: [UInt8] = []
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\r")) }
      bytes.append(byte)
    }
    TerminalOutput.write(bytes)
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
