// SPDX-License-Identifier: Apache-2.0

import CLibEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines a user typed, as libedit keeps them for the up arrow, and the file they are
/// saved in between sessions.
///
/// The file is private to the user whatever the umask: its folders are created with mode 0700
/// (and the app's own folder, the file's, is made 0700), and each save writes a temporary file
/// of mode 0600 beside it, then renames it over the old one, so a reader never sees half a
/// file. What goes in is up to the caller: the REPL leaves secret arguments out.
package final class HistoryStore {
  /// libedit's history, for `el_set(EL_HIST)`.
  let history: OpaquePointer
  private let file: String?

  /// Creates a history of at most `capacity` lines (a line typed again moves to the end),
  /// loaded from `file` when it exists.
  package init?(capacity: Int = 1000, file: String?) {
    guard let history = history_init() else { return nil }
    self.history = history
    self.file = file
    _ = clibedit_history_set_size(history, Int32(clamping: capacity))
    _ = clibedit_history_set_unique(history, 1)
    if let file { _ = clibedit_history_load(history, file) }
  }

  deinit {
    history_end(history)
  }

  /// Adds `line` and saves the file; returns whether the file was saved (true without one).
  @discardableResult
  package func add(_ line: String) -> Bool {
    _ = clibedit_history_enter(history, line)
    guard let file else { return true }
    return Self.save(history, to: file)
  }

  private static func save(_ history: OpaquePointer, to file: String) -> Bool {
    guard (try? FileAccess.createFolders(leadingTo: FileAccess.absolute(file))) != nil else {
      return false
    }
    if let slash = file.lastIndex(of: "/"), slash != file.startIndex {
      chmod(String(file[..<slash]), 0o700)
    }
    let temporary = "\(file).tmp-\(getpid())"
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    // open's mode is masked by the umask; this one is not.
    guard fchmod(descriptor, 0o600) == 0, let stream = fdopen(descriptor, "w") else {
      close(descriptor)
      unlink(temporary)
      return false
    }
    let saved = clibedit_history_save_fp(history, stream) >= 0
    let closed = fclose(stream) == 0
    guard saved, closed, rename(temporary, file) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }
}
