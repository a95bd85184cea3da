// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file rules every save and read of the REPL keeps: atomic replacement, modes, links,
/// special files, numbered backups, leftovers and the state file's lock.
@Suite struct FileAccessTests {
  private func mode(of path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  private func inode(of path: String) -> ino_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_ino : nil
  }

  // MARK: Atomic writes

  @Test func aWriteReplacesTheFileWithANewOneAndLeavesNoTemporaryFile() throws {
    let folder = try TemporaryFolder()
    try folder.write("old", to: "state.json")
    let before = inode(of: folder.file("state.json"))
    try FileAccess.writeAtomically(
      Array("new".utf8), to: folder.file("state.json"), createsFolders: false)
    #expect(folder.contents(of: "state.json") == "new")
    // A new file renamed over the old one: a reader holding the old one still sees "old".
    #expect(inode(of: folder.file("state.json")) != before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"])
  }

  @Test func missingFoldersAreCreatedPrivateAndExistingOnesLeftAlone() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("a/b/history")
    try FileAccess.createFolders(leadingTo: file)
    #expect(mode(of: folder.file("a")) == 0o700)
    #expect(mode(of: folder.file("a/b")) == 0o700)
    #expect(!FileManager.default.fileExists(atPath: file), "only the folders are made")
    try FileAccess.createFolders(leadingTo: file)
  }

  @Test func aFileWhereAFolderShouldBeFailsTheFolders() throws {
    let folder = try TemporaryFolder()
    try folder.write("", to: "file")
    #expect(throws: FileAccess.Failure.self) {
      try FileAccess.createFolders(leadingTo: folder.file("file/app/history"))
    }
  }

  @Test func aWriteKeepsTheFilesModeAndANewFileIsPrivate() throws {
    let folder = try TemporaryFolder()
    try folder.write("old", to: "shared.json")
    chmod(folder.file("shared.json"), 0o640)
    try FileAccess.writeAtomically([0x31], to: folder.file("shared.json"), createsFolders: false)
    #expect(mode(of: folder.file("shared.json")) == 0o640)
    try FileAccess.writeAtomically([0x31], to: folder.file("a/b/new.json"), createsFolders: true)
    #expect(mode(of: folder.file("a/b/new.json")) == 0o600)
    #expect(mode(of: folder.file("a")) == 0o700)
    #expect(mode(of: folder.file("a/b")) == 0o700)
  }

  /// Saving as root must not hand the user's file to root, which would lock the user out.
  @Test(.enabled(if: geteuid() == 0, "only root may give a file to another user"))
  func aWriteKeepsTheFilesOwnerAndGroup() throws {
    let folder = try TemporaryFolder()
    try folder.write("old", to: "state.json")
    #expect(chown(folder.file("state.json"), 4321, 8765) == 0)
    try FileAccess.writeAtomically(
      Array("new".utf8), to: folder.file("state.json"), createsFolders: false)
    var info = stat()
    #expect(stat(folder.file("state.json"), &info) == 0)
    #expect(info.st_uid == 4321 && info.st_gid == 8765)
    #expect(folder.contents(of: "state.json") == "new")
  }

  @Test func aPlantedLinkAtTheTemporaryNameDoesNotRedirectTheWrite() throws {
    let folder = try TemporaryFolder()
    try folder.write("precious", to: "victim")
    let temporary = folder.file("state.json.tmp-\(getpid())")
    #expect(symlink(folder.file("victim"), temporary) == 0)
    try FileAccess.writeAtomically(
      Array("saved".utf8), to: folder.file("state.json"), createsFolders: false)
    #expect(folder.contents(of: "victim") == "precious")
    #expect(folder.contents(of: "state.json") == "saved")
    #expect(!FileAccess.exists(temporary))
  }

  @Test func aSymbolicLinkIsFollowedAndItsTargetIsReplacedNotTruncated() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("dotfiles"), withIntermediateDirectories: false)
    try folder.write("old", to: "dotfiles/todos.json")
    // A second name for the old file: it must keep its content (no truncation in place).
    #expect(link(folder.file("dotfiles/todos.json"), folder.file("old-copy")) == 0)
    #expect(symlink("dotfiles/todos.json", folder.file("todos.json")) == 0)
    try FileAccess.writeAtomically(
      Array("new".utf8), to: folder.file("todos.json"), createsFolders: false)
    var info = stat()
    #expect(lstat(folder.file("todos.json"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    #expect(folder.contents(of: "dotfiles/todos.json") == "new")
    #expect(folder.contents(of: "old-copy") == "old")
    #expect(!FileAccess.exists(folder.file("todos.json.tmp-\(getpid())")))
  }

  @Test func aWriteThatFailsRemovesItsTemporaryFileAndKeepsTheOldOne() throws {
    let tiny: TinyFileSystem
    do {
      tiny = try TinyFileSystem(kilobytes: 64)
    } catch {
      try Test.cancel("no full disk to write to: \(error)")
    }
    let file = tiny.path + "/state.json"
    try FileAccess.writeAtomically(Array("small".utf8), to: file, createsFolders: false)
    let large = [UInt8](repeating: 0x61, count: 256 * 1024)
    #expect(throws: FileAccess.Failure.self) {
      try FileAccess.writeAtomically(large, to: file, createsFolders: false)
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "small")
    #expect(try FileManager.default.contentsOfDirectory(atPath: tiny.path) == ["state.json"])
  }

  @Test(arguments: [
    ("/dev/null", "it is a character device, not a regular file"),
    ("/", "it is a directory, not a regular file"),
  ])
  func specialFilesAreNeitherWrittenNorReplaced(path: String, reason: String) {
    #expect(throws: FileAccess.Failure(reason: reason)) {
      try FileAccess.writeAtomically([0x31], to: path, createsFolders: false)
    }
    var info = stat()
    #expect(stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG)
  }

  // MARK: Reading special files

  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    // Were the read to block, this writer would release it after a while, and the read would
    // then succeed with an empty file instead of the refusal expected below.
    let writer = Thread {
      Thread.sleep(forTimeInterval: 5)
      let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
      if descriptor >= 0 { close(descriptor) }
    }
    writer.start()
    #expect(throws: FileAccess.Failure(reason: "it is a FIFO, not a regular file")) {
      try FileAccess.read(fifo, limit: 1 << 20)
    }
  }

  @Test func aDeviceIsRefusedBeforeItIsRead() {
    #expect(throws: FileAccess.Failure(reason: "it is a character device, not a regular file")) {
      try FileAccess.read("/dev/zero", limit: 1 << 20)
    }
  }

  @Test func aFileLargerThanTheLimitIsRefused() throws {
    let folder = try TemporaryFolder()
    try folder.write(String(repeating: "x", count: 3 << 20), to: "big")
    #expect {
      try FileAccess.read(folder.file("big"), limit: 2 << 20)
    } throws: { error in
      (error as? FileAccess.Failure)?.reason == "it is larger than 2 MB"
    }
  }

  // MARK: Backups and leftovers

  @Test func backupsAreNumberedAndNeverReplaced() throws {
    let folder = try TemporaryFolder()
    try folder.write("first", to: "state.json")
    let first = try FileAccess.moveAside(folder.file("state.json"), label: "broken")
    try folder.write("second", to: "state.json")
    let second = try FileAccess.moveAside(folder.file("state.json"), label: "broken")
    #expect(first == folder.file("state.json.broken-1"))
    #expect(second == folder.file("state.json.broken-2"))
    #expect(folder.contents(of: "state.json.broken-1") == "first")
    #expect(folder.contents(of: "state.json.broken-2") == "second")
    #expect(!FileAccess.exists(folder.file("state.json")))
  }

  @Test func leftoversOfDeadProcessesAreRemovedAndThoseOfLiveOnesKept() throws {
    let folder = try TemporaryFolder()
    let dead = try #require(Self.unusedProcessID())
    try folder.write("torn", to: "state.json.tmp-\(dead)")
    try folder.write("mine", to: "state.json.tmp-\(getpid())")
    // Process 1 always runs: a save of it in progress is not ours to remove.
    try folder.write("live", to: "state.json.tmp-1")
    try folder.write("other", to: "other.json.tmp-\(dead)")
    let removed = FileAccess.removeLeftoverTemporaries(of: folder.file("state.json"))
    #expect(
      Set(removed) == [
        folder.file("state.json.tmp-\(dead)"), folder.file("state.json.tmp-\(getpid())"),
      ])
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [
        "state.json.tmp-1", "other.json.tmp-\(dead)",
      ])
  }

  /// A process id that no process has now.
  static func unusedProcessID() -> pid_t? {
    (400_000..<500_000).lazy.map { pid_t($0) }.first { kill($0, 0) != 0 && errno == ESRCH }
  }

  // MARK: The lock

  @Test func aSecondHolderIsToldTheFirstOnesProcessAndGetsItOnceReleased() throws {
    let folder = try TemporaryFolder()
    let target = folder.file("state.json")
    var first: StateFileLock? = try StateFileLock(target: target)
    #expect(throws: StateFileLock.Failure.inUse(pid: getpid())) {
      try StateFileLock(target: target)
    }
    #expect(mode(of: target + ".lock") == 0o600)
    weak let released = first
    first = nil
    #expect(released == nil)
    _ = try StateFileLock(target: target)
  }
}
