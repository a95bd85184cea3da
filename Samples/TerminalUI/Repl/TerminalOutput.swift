// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered writes to standard output, and what the REPL needs to know about the terminal.
package enum TerminalOutput {
  /// Writes `bytes` to standard output; errors (a closed pipe) are ignored.
  package static func write(_ bytes: [UInt8]) {
    write(bytes, to: 1)
  }

  /// Writes `text` to standard error.
  package static func writeError(_ text: String) {
    write(Array(text.utf8), to: 2)
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
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
}
