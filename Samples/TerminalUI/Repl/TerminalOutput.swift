// SPDX-License-Identifier: Apache-2.0

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered writes to standard output, and what the REPL needs to know about the terminal.
package enum TerminalOutput {
  private static let closedOutputHandler = Mutex<(@Sendable () -> Void)?>(nil)

  /// Runs `handler` (once, on the thread whose write failed) when standard output turns out
  /// to be closed: a pipe whose reader is gone (`EPIPE`), or a terminal that hung up (`EIO`).
  /// Until one is set, such failures are ignored.
  package static func onClosedOutput(_ handler: @escaping @Sendable () -> Void) {
    closedOutputHandler.withLock { $0 = handler }
  }

  /// Writes `bytes` to standard output.
  package static func write(_ bytes: [UInt8]) {
    guard write(bytes, to: 1) else { return }
    let handler = closedOutputHandler.withLock { handler in
      defer { handler = nil }
      return handler
    }
    handler?()
  }

  /// Writes `text` to standard error; errors are ignored.
  package static func writeError(_ text: String) {
    _ = write(Array(text.utf8), to: 2)
  }

  /// Writes every byte; returns whether the output is closed (other errors are ignored).
  private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno == EPIPE || errno == EIO
      }
      offset += written
    }
    return false
  }

  /// Writes `text` to standard output.
  package static func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// The width of the terminal on standard output, or nil when it is not a terminal.
  package static func terminalWidth() -> Int? {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The size of the terminal window on standard output; 80 by 24 when it cannot be told.
  package static func windowSize() -> LiveRegion.Size {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return LiveRegion.Size(width: 80, height: 24)
    }
    return LiveRegion.Size(width: Int(size.ws_col), height: size.ws_row > 0 ? Int(size.ws_row) : 24)
  }
}
