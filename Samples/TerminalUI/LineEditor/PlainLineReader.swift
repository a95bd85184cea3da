// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads lines from a byte stream that is not a terminal: no editing, no escape codes.
///
/// Lines end at `\n`; a `\r` before it is dropped, and a last line without `\n` still counts.
/// Bytes that are not valid UTF-8 become U+FFFD. A line longer than ``maximumLineBytes`` keeps
/// its first ``maximumLineBytes`` bytes and drops the rest, so endless input cannot exhaust
/// memory.
///
/// Sendable so that it can be handed to the thread that reads input; only that thread may
/// call ``readLine()``.
package final class PlainLineReader: @unchecked Sendable {
  /// The longest line kept, in bytes.
  package static let maximumLineBytes = 4 << 20

  private let readBytes: (UnsafeMutableRawBufferPointer) -> Int
  private let hasBytesReady: () -> Bool
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  private var chunkStart = 0
  private var chunkEnd = 0
  private var isAtEnd = false

  /// Creates a reader over a source of bytes.
  ///
  /// - Parameters:
  ///   - hasBytesReady: Whether `readBytes` would return at once (bytes, the end or an error)
  ///     rather than wait; by default it is taken to wait.
  ///   - readBytes: Fills the buffer it is given and returns the number of bytes written; 0 at
  ///     the end of the input, a negative number on an error (treated as the end).
  package init(
    hasBytesReady: @escaping () -> Bool = { false },
    readBytes: @escaping (UnsafeMutableRawBufferPointer) -> Int
  ) {
    self.hasBytesReady = hasBytesReady
    self.readBytes = readBytes
  }

  /// Creates a reader over a file descriptor, such as standard input.
  package convenience init(fileDescriptor: Int32) {
    self.init(
      hasBytesReady: {
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
      },
      readBytes: { buffer in
        while true {
          let count = read(fileDescriptor, buffer.baseAddress, buffer.count)
          if count < 0 && errno == EINTR { continue }
          return count
        }
      })
  }

  /// Whether the next ``readLine()`` may wait for its source: no whole line is in the buffer,
  /// the input has not ended, and the source has no bytes ready.
  package var nextReadMayWait: Bool {
    guard !isAtEnd else { return false }
    guard !chunk[chunkStart..<chunkEnd].contains(UInt8(ascii: "\n")) else { return false }
    return !hasBytesReady()
  }

  /// The next line without its line ending, or nil at the end of the input.
  package func readLine() -> String? {
    var line: [UInt8] = []
    var hasBytes = false
    while true {
      if chunkStart < chunkEnd {
        hasBytes = true
        let end = chunk[chunkStart..<chunkEnd].firstIndex(of: UInt8(ascii: "\n"))
        let slice = chunk[chunkStart..<(end ?? chunkEnd)]
        line.append(contentsOf: slice.prefix(Self.maximumLineBytes - line.count))
        if let end {
          chunkStart = end + 1
          return Self.decode(line)
        }
        chunkStart = chunkEnd
      }
      guard refill() else { return hasBytes ? Self.decode(line) : nil }
    }
  }

  private func refill() -> Bool {
    guard !isAtEnd else { return false }
    let count = chunk.withUnsafeMutableBytes { readBytes($0) }
    guard count > 0 else {
      isAtEnd = true
      return false
    }
    chunkStart = 0
    chunkEnd = count
    return true
  }

  private static func decode(_ bytes: [UInt8]) -> String {
    var bytes = bytes[...]
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension PlainLineReader: LineSource {
  /// Nil: what a pipe gives cannot be hidden, so a secret is never asked for.
  package func readSecret(prompt: String) -> String? { nil }
}
