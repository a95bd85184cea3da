// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes the REPL's small files with POSIX calls, so that every failure can be told
/// to the user in the system's own words ("Permission denied").
///
/// Only regular files are read or written: a FIFO, a device, a socket or a folder is refused
/// before it is opened for real, so that nothing blocks (a FIFO without a writer) and nothing
/// special is touched (`/dev/full`).
package enum FileAccess {
  /// Why a file could not be read or written.
  package struct Failure: Error, Hashable, CustomStringConvertible {
    /// What went wrong, e.g. `No such file or directory`.
    package var reason: String
    /// The `errno` of the call that failed, when a system call did.
    package var code: Int32?

    package init(reason: String, code: Int32? = nil) {
      self.reason = reason
      self.code = code
    }

    /// The failure of the last system call, from `errno`.
    static func fromErrno() -> Failure {
      let code = errno
      return Failure(reason: String(cString: strerror(code)), code: code)
    }

    /// A file that is not a regular one.
    static func notRegular(_ kind: String) -> Failure {
      Failure(reason: "it is \(kind), not a regular file")
    }

    package var description: String { reason }
  }

  /// Whether something exists at `path` (a broken symbolic link counts).
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// What kind of file `info` describes, as a phrase ("a FIFO"), or nil for a regular file.
  static func irregularKind(of info: stat) -> String? {
    switch info.st_mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "a special file"
    }
  }

  /// Throws unless `path` is a regular file or does not exist (symbolic links are followed).
  ///
  /// - Returns: The file's status, or nil when there is no file.
  @discardableResult
  static func requireRegularOrMissing(_ path: String) throws(Failure) -> stat? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .fromErrno()
    }
    if let kind = irregularKind(of: info) { throw .notRegular(kind) }
    return info
  }

  /// Opens `path` with `flags` without blocking and without taking a terminal, and makes sure
  /// that what was opened is a regular file.
  ///
  /// The type is checked before the open (a FIFO or device is never opened) and again on the
  /// open descriptor (the file could have been swapped in between). The descriptor is left in
  /// blocking mode.
  static func openRegular(
    _ path: String, flags: Int32, mode: mode_t = 0o600
  ) throws(Failure) -> Int32 {
    try requireRegularOrMissing(path)
    let descriptor = open(path, flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw .fromErrno() }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let failure = Failure.fromErrno()
      close(descriptor)
      throw failure
    }
    if let kind = irregularKind(of: info) {
      close(descriptor)
      throw .notRegular(kind)
    }
    let status = fcntl(descriptor, F_GETFL)
    if status >= 0 { _ = fcntl(descriptor, F_SETFL, status & ~O_NONBLOCK) }
    return descriptor
  }

  /// The whole content of the regular file at `path`.
  ///
  /// - Parameter limit: The most bytes accepted; a larger file is refused rather than read.
  package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    let descriptor = try openRegular(path, flags: O_RDONLY)
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .fromErrno() }
    guard Int(info.st_size) <= limit else { throw tooLarge(limit) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .fromErrno()
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      guard bytes.count <= limit else { throw tooLarge(limit) }
    }
  }

  private static func tooLarge(_ limit: Int) -> Failure {
    Failure(reason: "it is larger than \(limit >> 20) MB", code: EFBIG)
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
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" + path }
    let folder = String(
      decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return folder + "/" + path
  }

  /// The folder part of `path` (`.` for a bare name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of `path`.
  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
