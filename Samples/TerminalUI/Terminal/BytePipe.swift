// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe of one-byte messages that never blocks either end: a write from any thread, or from a
/// signal handler (one `write`, async-signal-safe), wakes whoever polls the reading end, who then
/// takes all that came. The terminal's inbox and its signal relay are each one.
final class BytePipe: Sendable {
  /// The end to poll and read.
  let readDescriptor: Int32
  /// The end to write.
  let writeDescriptor: Int32

  /// Makes the pipe; both ends are non-blocking and closed on `exec`.
  init() {
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) == 0 {
      for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      }
    }
    readDescriptor = fds[0]
    writeDescriptor = fds[1]
  }

  deinit {
    close(readDescriptor)
    close(writeDescriptor)
  }

  /// Writes `byte`; a full pipe drops it (the reader has enough to wake up for).
  func post(_ byte: UInt8) {
    var byte = byte
    _ = write(writeDescriptor, &byte, 1)
  }

  /// The bytes that came, oldest first.
  func take() -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readDescriptor, &buffer, buffer.count)
      guard count > 0 else { return result }
      result += buffer[..<count]
    }
  }
}
