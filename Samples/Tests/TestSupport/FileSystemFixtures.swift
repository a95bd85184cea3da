// SPDX-License-Identifier: Apache-2.0

// File-system faults for the samples' file tests: a full disk and a folder that cannot be
// written. Both need mounts, hence root; without it a fixture says why it is unavailable, so
// the test can skip with that reason.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the tests run as root (who ignores file permissions, and may mount).
public var isRunningAsRoot: Bool { geteuid() == 0 }

/// A tmpfs of a few kilobytes mounted on a new folder: a disk that fills up at once.
public final class TinyFileSystem {
  /// The mount point.
  public let path: String

  /// Mounts a tmpfs of `kilobytes` on a new folder under `/tmp`.
  ///
  /// - Throws: ``FixtureUnavailable`` with the reason when the machine cannot mount.
  public init(kilobytes: Int) throws {
    guard isRunningAsRoot else { throw FixtureUnavailable("mounting a tmpfs needs root") }
    path = try makeFolder("tiny-fs")
    guard mount("tmpfs", path, "tmpfs", 0, "size=\(kilobytes)k,mode=0755") == 0 else {
      let reason = String(cString: strerror(errno))
      rmdir(path)
      throw FixtureUnavailable("mount -t tmpfs failed: \(reason)")
    }
  }

  deinit {
    umount2(path, Int32(MNT_DETACH))
    rmdir(path)
  }
}

/// A folder whose content cannot be changed: a read-only bind mount of itself when running as
/// root (who ignores permissions), else mode `0555`.
public final class ReadOnlyFolder {
  /// The folder.
  public let path: String
  private let isMounted: Bool

  /// Makes `path` read-only until this value goes away.
  public init(_ path: String) throws {
    self.path = path
    if isRunningAsRoot {
      guard mount(path, path, nil, UInt(MS_BIND), nil) == 0 else {
        throw FixtureUnavailable("bind mount failed: \(String(cString: strerror(errno)))")
      }
      guard mount(nil, path, nil, UInt(MS_BIND | MS_REMOUNT | MS_RDONLY), nil) == 0 else {
        let reason = String(cString: strerror(errno))
        umount2(path, Int32(MNT_DETACH))
        throw FixtureUnavailable("read-only remount failed: \(reason)")
      }
      isMounted = true
    } else {
      guard chmod(path, 0o555) == 0 else {
        throw FixtureUnavailable("chmod failed: \(String(cString: strerror(errno)))")
      }
      isMounted = false
    }
  }

  deinit {
    if isMounted {
      umount2(path, Int32(MNT_DETACH))
    } else {
      chmod(path, 0o755)
    }
  }
}

/// Why a file-system fixture cannot be made on this machine.
public struct FixtureUnavailable: Error, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// Creates a new folder under `/tmp` whose name starts with `prefix`.
private func makeFolder(_ prefix: String) throws -> String {
  var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else {
    throw FixtureUnavailable("mkdtemp failed: \(String(cString: strerror(errno)))")
  }
  return String(cString: made)
}
