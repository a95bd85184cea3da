// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive hold on a state file, so that a second app on the same file says so instead of
/// silently saving over the first one's changes.
///
/// The hold is an `flock` on `FILE.lock` beside the state file, which holds the process id of
/// the holder. The system drops it when the process ends, however it ends (a `kill -9`
/// included), so a lock file left behind is no obstacle; it is never removed, since removing
/// it would let two processes lock two different files of the same name.
package final class StateFileLock {
  /// Why the state file could not be held.
  package enum Failure: Error, Hashable, CustomStringConvertible {
    /// Another process holds it; its process id, when the lock file says.
    case inUse(pid: Int32?)
    /// The lock file could not be created or locked.
    case unavailable(FileAccess.Failure)

    package var description: String {
      switch self {
      case .inUse(let pid?): "it is in use by another process (\(pid))"
      case .inUse(nil): "it is in use by another process"
      case .unavailable(let failure): "its lock file cannot be used: \(failure)"
      }
    }
  }

  /// The lock file.
  package let path: String
  private let descriptor: Int32

  /// Takes the hold on the state file `target` (already resolved), or fails at once.
  package init(target: String) throws(Failure) {
    let path = target + ".lock"
    let descriptor: Int32
    do {
      descriptor = try FileAccess.openRegular(path, flags: O_RDWR | O_CREAT | O_NOFOLLOW)
    } catch {
      throw .unavailable(error)
    }
    // Private whatever the umask; only the owner can change the mode of a lock file.
    _ = fchmod(descriptor, 0o600)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      let failure = FileAccess.Failure.fromErrno()
      defer { close(descriptor) }
      if failure.code == EWOULDBLOCK { throw .inUse(pid: Self.holder(of: descriptor)) }
      throw .unavailable(failure)
    }
    // The holder's id is a courtesy for the message above; a full disk must not stop the app.
    if ftruncate(descriptor, 0) == 0 {
      try? FileAccess.writeAll(Array("\(getpid())\n".utf8), to: descriptor)
    }
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// The process id written in the lock file by its holder.
  private static func holder(of descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    let digits = buffer[..<count].prefix(while: { (0x30...0x39).contains($0) })
    return Int32(String(decoding: digits, as: UTF8.self))
  }
}
