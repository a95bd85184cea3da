// SPDX-License-Identifier: Apache-2.0

import CLibEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EditLineSource {
  /// libedit's character source: the terminal's input, interrupted by its inbox (a frame to
  /// draw, Ctrl-C, a resize), each message of which becomes a key bound to what handles it.
  func nextCharacter(_ character: UnsafeMutablePointer<wchar_t>) -> Int32 {
    if !deferredMessages.isEmpty {
      receive(deferredMessages)
      deferredMessages = []
    }
    while true {
      if !unreadBytes.isEmpty {
        return decode(startingWith: unreadBytes.removeFirst(), into: character)
      }
      if !pendingKeys.isEmpty {
        character.pointee = wchar_t(pendingKeys.removeFirst())
        return 1
      }
      reportLineIfChanged()
      guard let ready = waitForInput() else { return -1 }
      if ready.inbox {
        receive(terminal.inbox.take())
        continue
      }
      if ready.input {
        guard let byte = readByte() else { return 0 }
        if byte == 0x1B, lateReports > 0, dropLateReport() { continue }
        return decode(startingWith: byte, into: character)
      }
    }
  }

  /// Asks the terminal which row of its window the cursor is on (0 for the top one) and waits
  /// for the answer, at most ``positionReportLimit``; keys typed meanwhile go to libedit after
  /// it. Nil when the terminal did not answer in time (an answer that comes later is taken out
  /// of the input then).
  func askWindowRow() -> Int? {
    writeOut(CursorPositionReport.query)
    var received: [UInt8] = []
    var remaining = Self.positionReportLimit
    while remaining > .zero {
      let started = ContinuousClock.now
      var descriptor = pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(remaining / .milliseconds(1))
      let ready = poll(&descriptor, 1, max(1, milliseconds))
      remaining -= ContinuousClock.now - started
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0, let byte = readInputByte() else { break }
      received.append(byte)
      if let report = CursorPositionReport.find(in: received) {
        unreadBytes += report.rest
        return report.row
      }
    }
    lateReports += 1
    unreadBytes += received
    return nil
  }

  /// Takes an answer to a cursor position question that came too late out of the input, when
  /// the escape just read (ESC) starts one; otherwise what was read after it is read again.
  private func dropLateReport() -> Bool {
    var received: [UInt8] = [0x1B]
    var descriptor = pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0)
    // The answer is written at once; its bytes are there with its escape.
    while received.count < 16, poll(&descriptor, 1, 0) > 0, let byte = readInputByte() {
      received.append(byte)
      if byte == UInt8(ascii: "R") { break }
    }
    if let report = CursorPositionReport.find(in: received), report.rest.isEmpty {
      lateReports -= 1
      return true
    }
    unreadBytes = Array(received.dropFirst()) + unreadBytes
    return false
  }

  /// Gives the edited line to ``lineDidChange`` when it differs from the one given last.
  private func reportLineIfChanged() {
    guard let lineDidChange, let (text, _, _) = editedLine() else { return }
    let line = Self.string(from: text[...])
    guard line != reportedLine else { return }
    reportedLine = line
    lineDidChange(line)
  }

  /// Turns inbox messages into keys, in the order they came; a resize is taken into account
  /// at once, since libedit's next redisplay must know the width.
  private func receive(_ messages: [TerminalInbox.Message]) {
    var previous: TerminalInbox.Message?
    for message in messages {
      switch message {
      case .resize:
        el_resize(editLine)
        hasResized = true
        windowDidResize?()
        pendingKeys.append(Self.wakeKey)
      case .interrupt:
        pendingKeys.append(Self.interruptKey)
      case .draw:
        // One draw shows all the display holds.
        if previous != .draw { pendingKeys.append(Self.wakeKey) }
      }
      previous = message
    }
  }

  /// Blocks until the inbox or the input is ready, and says which are; `nil` when `poll`
  /// fails.
  private func waitForInput() -> (inbox: Bool, input: Bool)? {
    var fds = [
      pollfd(fd: terminal.inbox.readDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&fds, nfds_t(fds.count), -1) < 0 {
      guard errno == EINTR else { return nil }
    }
    return (fds[0].revents != 0, fds[1].revents != 0)
  }

  /// The next byte: one not given to libedit yet, or one from the input.
  private func readByte() -> UInt8? {
    unreadBytes.isEmpty ? readInputByte() : unreadBytes.removeFirst()
  }

  private func readInputByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(terminal.input, &byte, 1)
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
        unreadBytes.insert(next, at: 0)
        break
      }
      bytes.append(next)
    }
    let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    character.pointee = wchar_t(bitPattern: scalar.value)
    return 1
  }
}

extension EditLineSource {
  /// Reads a line without showing it, after `prompt`: a secret the typed line left out.
  ///
  /// libedit cannot hide what it edits, so the terminal reads this line itself, in canonical
  /// mode with echo off. Screens that change meanwhile wait, as they do while a line is edited,
  /// and are drawn with the line's reply. Returns nil at Ctrl-C or Ctrl-D.
  package func readSecret(prompt: String) -> String? {
    display?.lineWillBeRead()
    terminal.setReadingLine(true)
    defer { terminal.setReadingLine(false) }
    let secret = terminal.withEchoOff {
      writeOut(TextLayout.visible(prompt))
      return readHiddenLine()
    }
    writeOut("\n")
    let width = terminal.size.width
    display?.lineWasRead(rows: TextLayout.editedRowCount(of: prompt, width: width))
    return secret
  }

  private func readHiddenLine() -> String? {
    var bytes: [UInt8] = []
    while true {
      guard let ready = waitForInput() else { return nil }
      if ready.inbox {
        var isInterrupted = false
        for message in terminal.inbox.take() {
          switch message {
          case .interrupt: isInterrupted = true
          // What the display holds is drawn with the line's reply.
          case .draw: break
          case .resize: deferredMessages.append(.resize)
          }
        }
        if isInterrupted { return nil }
      }
      if ready.input {
        var byte: UInt8 = 0
        let count = read(terminal.input, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        guard count == 1 else { return nil }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
          return String(decoding: bytes, as: UTF8.self)
        }
        bytes.append(byte)
      }
    }
  }
}
