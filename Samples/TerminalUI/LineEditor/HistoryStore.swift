// SPDX-License-Identifier: Apache-2.0

import CLibEdit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines a user typed, as libedit keeps them for the up arrow, and the file they are
/// kept in between sessions.
///
/// Each line added is appended to the file, in libedit's own format, rather than the whole
/// history written again; once the file holds twice the lines kept, it is replaced by the
/// lines kept, atomically (``FileAccess/writeAtomically(_:to:createsFolders:)``). The file is
/// private to the user whatever the umask: its folders are created with mode 0700 (and the
/// app's own folder, the file's, is made 0700), and the file is 0600. What goes in is up to
/// the caller: the REPL leaves secret arguments out.
package final class HistoryStore {
  /// libedit's history, for `el_set(EL_HIST)`.
  let history: OpaquePointer
  /// A history of the one line being appended, which libedit writes in its format.
  private let appended: OpaquePointer
  private let file: String?
  /// Why the file is not used, when it is not (it is not a regular file, it cannot be read).
  package let problem: String?
  private let capacity: Int
  /// The lines in the file: those loaded, and those appended since.
  private var linesInFile: Int
  private var lastLine: String?

  /// Creates a history of at most `capacity` lines, loaded from `file` when it exists; a line
  /// typed again right after itself is kept once.
  ///
  /// The file gets the checks of a state file: anything but a regular file there (a FIFO, a
  /// device, a folder) is refused before it is opened, so that nothing blocks, and the history
  /// is then kept in memory only, for the reason in ``problem``.
  package init?(capacity: Int = 1000, file: String?) {
    guard let history = history_init(), let appended = history_init() else { return nil }
    self.history = history
    self.appended = appended
    self.capacity = max(1, capacity)
    _ = clibedit_history_set_size(history, Int32(clamping: capacity))
    _ = clibedit_history_set_size(appended, 1)
    _ = clibedit_history_set_unique(history, 1)
    switch Self.load(history, from: file) {
    case .success(let lines):
      self.file = file
      problem = nil
      linesInFile = lines
    case .failure(let failure):
      self.file = nil
      problem = failure.description
      linesInFile = 0
    }
  }

  /// Loads `history` from `file` when it is a regular file, through the descriptor opened
  /// after its checks (libedit reads a path, given the descriptor's own).
  ///
  /// - Returns: The number of lines loaded, 0 when there is no file.
  private static func load(
    _ history: OpaquePointer, from file: String?
  ) -> Result<Int, FileAccess.Failure> {
    guard let file else { return .success(0) }
    let descriptor: Int32
    do {
      descriptor = try FileAccess.openRegular(file, flags: O_RDONLY)
    } catch  where error.code == ENOENT || error.code == ENOTDIR {
      return .success(0)
    } catch {
      return .failure(error)
    }
    defer { close(descriptor) }
    let loaded = clibedit_history_load(history, "/dev/fd/\(descriptor)")
    return .success(max(0, Int(loaded)))
  }

  deinit {
    history_end(history)
    history_end(appended)
  }

  /// Adds `line` and writes it to the file; returns whether the file has it (true without a
  /// file).
  @discardableResult
  package func add(_ line: String) -> Bool {
    guard line != lastLine else { return true }
    lastLine = line
    _ = clibedit_history_enter(history, line)
    guard let file else { return true }
    do throws(FileAccess.Failure) {
      try FileAccess.createFolders(leadingTo: FileAccess.absolute(file))
      if let slash = file.lastIndex(of: "/"), slash != file.startIndex {
        chmod(String(file[..<slash]), 0o700)
      }
      if linesInFile + 1 >= 2 * capacity {
        try rewrite(file)
      } else {
        try append(line, to: file)
      }
      return true
    } catch {
      return false
    }
  }

  /// Appends `line` to `file` as libedit writes a history (the format's first line when the
  /// file is new).
  private func append(_ line: String, to file: String) throws(FileAccess.Failure) {
    let descriptor = try FileAccess.openRegular(
      file, flags: O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW)
    // libedit writes its format's first line only at the start of the file.
    guard lseek(descriptor, 0, SEEK_END) >= 0 else {
      let failure = FileAccess.Failure.fromErrno()
      close(descriptor)
      throw failure
    }
    _ = clibedit_history_clear(appended)
    _ = clibedit_history_enter(appended, line)
    try Self.save(appended, to: descriptor)
    close(descriptor)
    linesInFile += 1
  }

  /// Replaces `file` with the lines kept.
  private func rewrite(_ file: String) throws(FileAccess.Failure) {
    try FileAccess.writeAtomically(to: file, createsFolders: true) {
      descriptor throws(FileAccess.Failure) in
      try Self.save(history, to: descriptor)
    }
    linesInFile = min(capacity, linesInFile + 1)
  }

  /// Writes `history` to `descriptor`, which stays open; libedit makes the file 0600.
  private static func save(_ history: OpaquePointer, to descriptor: Int32) throws(FileAccess
    .Failure)
  {
    let copy = dup(descriptor)
    guard copy >= 0, let stream = fdopen(copy, "a") else {
      let failure = FileAccess.Failure.fromErrno()
      if copy >= 0 { close(copy) }
      throw failure
    }
    let saved = clibedit_history_save_fp(history, stream) >= 0
    guard fclose(stream) == 0, saved else {
      throw FileAccess.Failure(reason: "the history could not be written")
    }
  }
}
