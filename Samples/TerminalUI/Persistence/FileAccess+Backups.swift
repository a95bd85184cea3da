// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileAccess {
  /// Moves the regular file at `path` to the first free `PATH.<label>-<n>` (n = 1, 2, ...), so
  /// that an earlier backup is never replaced.
  ///
  /// - Returns: The backup's path.
  package static func moveAside(_ path: String, label: String) throws(Failure) -> String {
    try requireRegularOrMissing(path)
    for number in 1...9_999 {
      let backup = "\(path).\(label)-\(number)"
      // A hard link fails when the name is taken, where a rename would replace it.
      if link(path, backup) == 0 {
        guard unlink(path) == 0 else {
          let failure = Failure.fromErrno()
          unlink(backup)
          throw failure
        }
        return backup
      }
      switch errno {
      case EEXIST:
        continue
      case EPERM, EOPNOTSUPP, EMLINK:
        // A file system without hard links: look first, then rename.
        if exists(backup) { continue }
        try move(path, to: backup)
        return backup
      default:
        throw .fromErrno()
      }
    }
    throw Failure(reason: "there are already 9999 backups of it")
  }

  /// Removes the temporary files that saves of `target` left behind when their process died
  /// (`TARGET.tmp-<pid>` of a process that no longer runs, or of this process's id).
  ///
  /// - Returns: The paths removed.
  @discardableResult
  package static func removeLeftoverTemporaries(of target: String) -> [String] {
    let folder = folder(of: target)
    let prefix = name(of: target) + ".tmp-"
    guard let stream = opendir(folder) else { return [] }
    defer { closedir(stream) }
    var removed: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count)), pid > 0
      else { continue }
      guard pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) else { continue }
      let path = folder + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
      if unlink(path) == 0 { removed.append(path) }
    }
    return removed
  }
}
