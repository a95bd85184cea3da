// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns `SIGINT` and `SIGWINCH` into bytes on a pipe, so the line editor can wait for them
/// with `poll` alongside standard input.
///
/// A signal handler may only do async-signal-safe work; writing one byte to a pipe is. The
/// pipe is process-wide because signal dispositions are.
package enum SignalPipe {
  /// The end the line editor polls; -1 until ``install()`` ran.
  package static var readDescriptor: Int32 { descriptors.read }

  nonisolated(unsafe) private static var descriptors: (read: Int32, write: Int32) = (-1, -1)

  /// Creates the pipe and installs the handlers; later calls do nothing.
  ///
  /// Call once, from the main thread, before the line editor starts reading.
  package static func install() {
    guard descriptors.read < 0 else { return }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    descriptors = (fds[0], fds[1])
    for signal in [SIGINT, SIGWINCH] {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = forwardSignal
      #else
        action.__sigaction_u.__sa_handler = forwardSignal
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
    }
  }

  /// Reads the signal numbers waiting in the pipe.
  package static func drain() -> [Int32] {
    var result: [Int32] = []
    var byte: UInt8 = 0
    while read(descriptors.read, &byte, 1) == 1 { result.append(Int32(byte)) }
    return result
  }
}

private func forwardSignal(_ signal: Int32) {
  var byte = UInt8(truncatingIfNeeded: signal)
  let savedErrno = errno
  _ = write(SignalPipe.writeDescriptorForHandler, &byte, 1)
  errno = savedErrno
}

extension SignalPipe {
  fileprivate static var writeDescriptorForHandler: Int32 { descriptors.write }
}
