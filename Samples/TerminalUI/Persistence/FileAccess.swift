// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes the REPL's small files with POSIX calls, so that every failure can be told
/// to the user in the system's own words ("Permission denied").
package enum FileAccess {
  /// Why a file could not be read or written.
  package struct Failure: Error, Hashable, CustomStringConvertible {
    /// What went wrong, e.g. `No such file or directory`.
    package var reason: String

    package init(reason: String) {
      self.reason = reason
    }

    /// The failure of the last system call, from `errno`.
    static func fromErrno() -> Failure {
      Failure(reason: String(cString: strerror(errno)))
    }

    package var description: String { reason }
  }

  /// Whether something exists at `path` (a broken symbolic link counts).
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// The whole content of the regular file at `path`.
  ///
  /// - Parameter limit: The most bytes accepted; a larger file is refused rather than read.
  package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .fromErrno() }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .fromErrno() }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(reason: "not a regular file") }
    guard Int(info.st_size) <= limit else {
      throw Failure(reason: "larger than \(limit / (1 << 20)) MB")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .fromErrno()
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      guard bytes.count <= limit else { throw Failure(reason: "larger than \(limit) bytes") }
    }
  }

  /// Replaces the file at `path` with `bytes` in one step: readers see the old content or the
  /// new, never a part.
  ///
  /// The bytes go to a temporary file beside the target, which is then renamed over it.
  ///
  /// - Parameter createsFolders: Whether missing folders on the way are created (`mkdir -p`).
  package static func writeAtomically(
    _ bytes: [UInt8], to path: String, createsFolders: Bool
  ) throws(Failure) {
    if createsFolders, path.contains("/") {
      guard HistoryLocation.createParentDirectories(of: absolute(path)) else { throw .fromErrno() }
    }
    let temporary = "\(path).tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .fromErrno() }
    do throws(Failure) {
      try writeAll(bytes, to: descriptor)
      // Without it a crash right after the rename could leave an empty file behind.
      guard fsync(descriptor) == 0 else { throw .fromErrno() }
      guard close(descriptor) == 0 else {
        unlink(temporary)
        throw .fromErrno()
      }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let failure = Failure.fromErrno()
      unlink(temporary)
      throw failure
    }
  }

  /// Renames `path` to `newPath`, replacing what was there.
  package static func move(_ path: String, to newPath: String) throws(Failure) {
    guard rename(path, newPath) == 0 else { throw .fromErrno() }
  }

  /// `path` with a leading `~` (alone or before a `/`) replaced by `home`.
  package static func expandingTilde(_ path: String, home: String?) -> String {
    guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
    return home + path.dropFirst()
  }

  /// Writes every byte, retrying after interruptions and short writes.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw .fromErrno()
      }
      offset += written
    }
  }

  /// `path` made absolute against the current directory.
  private static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" + path }
    let folder = String(
      decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return folder + "/" + path
  }
}
