// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileAccess {
  /// Replaces the file at `path` with `bytes` in one step: readers, and a crash at any moment,
  /// see the old content or the new, never a part.
  ///
  /// The bytes go to `FILE.tmp-<pid>` beside the file, created afresh (`O_CREAT | O_EXCL |
  /// O_NOFOLLOW`, so a symbolic link planted there cannot redirect the write), synced to disk,
  /// and renamed over the file; the folder is synced too, so that the rename lasts. When any
  /// step fails the temporary file is removed and the old file is left as it was.
  ///
  /// A symbolic link at `path` is followed: the file it points at is replaced, and the link
  /// stays. The new file keeps the old one's permissions, and its owner and group where the
  /// process may give them (always as root, so that saving as root does not lock the user
  /// out); a new file gets `0600` and new folders `0700`, whatever the umask.
  ///
  /// - Parameter createsFolders: Whether missing folders on the way are created (`mkdir -p`).
  package static func writeAtomically(
    _ bytes: [UInt8], to path: String, createsFolders: Bool
  ) throws(Failure) {
    try writeAtomically(to: path, createsFolders: createsFolders) { descriptor throws(Failure) in
      try writeAll(bytes, to: descriptor)
    }
  }

  /// Replaces the file at `path` in one step, as ``writeAtomically(_:to:createsFolders:)``
  /// does, with what `write` writes to the descriptor of the new file it is given (which it
  /// must not close).
  static func writeAtomically(
    to path: String, createsFolders: Bool, write: (Int32) throws(Failure) -> Void
  ) throws(Failure) {
    let target = resolvingSymbolicLinks(path)
    let existing: stat?
    do throws(Failure) {
      existing = try requireRegularOrMissing(target)
    } catch  where error.code == ENOENT || error.code == ENOTDIR {
      // A folder on the way is missing (ENOENT) or is a file (ENOTDIR): said by the steps below.
      existing = nil
    }
    if existing == nil, createsFolders { try createFolders(leadingTo: absolute(target)) }
    let mode = existing.map { $0.st_mode & 0o7777 } ?? 0o600
    let temporary = temporaryName(for: target, pid: getpid())
    let descriptor = try createExclusively(temporary)
    do throws(Failure) {
      // The owner first: a change of owner may clear bits of the mode.
      if let existing { keepOwner(of: existing, on: descriptor) }
      guard fchmod(descriptor, mode) == 0 else { throw .fromErrno() }
      try write(descriptor)
      // Without it a crash right after the rename could leave an empty file behind.
      guard fsync(descriptor) == 0 else { throw .fromErrno() }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    guard close(descriptor) == 0 else {
      let failure = Failure.fromErrno()
      unlink(temporary)
      throw failure
    }
    guard rename(temporary, target) == 0 else {
      let failure = Failure.fromErrno()
      unlink(temporary)
      throw failure
    }
    syncFolder(of: target)
  }

  /// Gives the file open at `descriptor` the owner and group of `existing`, when they differ;
  /// a process that may not (not root, not a member of the group) leaves them as they are.
  private static func keepOwner(of existing: stat, on descriptor: Int32) {
    var made = stat()
    guard fstat(descriptor, &made) == 0 else { return }
    guard made.st_uid != existing.st_uid || made.st_gid != existing.st_gid else { return }
    _ = fchown(descriptor, existing.st_uid, existing.st_gid)
  }

  /// The temporary file a save by process `pid` writes before renaming it to `target`.
  static func temporaryName(for target: String, pid: pid_t) -> String {
    "\(target).tmp-\(pid)"
  }

  /// Creates `path` for writing, refusing to follow or reuse what is there.
  ///
  /// What is already there can only be a leftover of this process id (a killed process whose
  /// id was reused) or something planted: it is removed (a link, not what it points at) and
  /// the file is created once more, still exclusively.
  private static func createExclusively(_ path: String) throws(Failure) -> Int32 {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var descriptor = open(path, flags, 0o600)
    if descriptor < 0, errno == EEXIST, unlink(path) == 0 {
      descriptor = open(path, flags, 0o600)
    }
    guard descriptor >= 0 else { throw .fromErrno() }
    return descriptor
  }

  /// Flushes `path`'s folder entry to disk, so that a rename survives a crash; best effort.
  private static func syncFolder(of path: String) {
    let descriptor = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  /// Creates the missing folders leading to the file at the absolute `path`, each `0700`
  /// whatever the umask; folders that exist are left as they are.
  package static func createFolders(leadingTo path: String) throws(Failure) {
    var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    components.removeLast()
    var folder = ""
    for component in components {
      folder += "/" + component
      if mkdir(folder, 0o700) == 0 {
        // mkdir applies the umask; a umask of 0o077 or stricter must not lock the user out.
        guard chmod(folder, 0o700) == 0 else { throw .fromErrno() }
      } else if errno != EEXIST {
        throw .fromErrno()
      } else {
        var info = stat()
        guard stat(folder, &info) == 0 else { throw .fromErrno() }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
          throw Failure(reason: String(cString: strerror(ENOTDIR)), code: ENOTDIR)
        }
      }
    }
  }

  /// `path` with symbolic links at its end followed, as far as they lead (a link to a file that
  /// does not exist yet leads to that file's path).
  ///
  /// Links in the folders on the way are left to the system, which follows them anyway.
  package static func resolvingSymbolicLinks(_ path: String) -> String {
    var current = path
    // The system's own limit on links in a row (ELOOP).
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let destination = String(
        decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        destination.hasPrefix("/") ? destination : folder(of: current) + "/" + destination
    }
    return current
  }
}
