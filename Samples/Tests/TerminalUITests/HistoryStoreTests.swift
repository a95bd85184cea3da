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

/// The history file and its folders are private to the user whatever the umask, and hold only
/// what the REPL gave them.
@Suite struct HistoryStoreTests {
  /// The permission bits of `path`, or nil when it does not exist.
  static func mode(of path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
  }

  /// Saves a history under a fresh folder with `umask` set, in a child process (the umask is
  /// the whole process's), and exits with 0 only when the file is 0600 and the folders 0700.
  private static func savesPrivately(underUmask mask: mode_t) {
    umask(mask)
    var template = Array("/tmp/terminalui-store-XXXXXX".utf8CString)
    let root = String(cString: mkdtemp(&template)!)
    let file = root + "/state/app/history"
    guard let store = HistoryStore(file: file), store.add("help") else { exit(3) }
    guard mode(of: file) == 0o600 else { exit(4) }
    guard mode(of: root + "/state/app") == 0o700, mode(of: root + "/state") == 0o700 else {
      exit(5)
    }
    // A second save replaces the file and keeps it private.
    guard store.add("quit"), mode(of: file) == 0o600 else { exit(6) }
    exit(0)
  }

  @Test func theFileIs0600AndItsFolders0700UnderAPermissiveUmask() async {
    await #expect(processExitsWith: .success) { Self.savesPrivately(underUmask: 0) }
  }

  @Test func theFileIs0600AndItsFolders0700UnderARestrictiveUmask() async {
    await #expect(processExitsWith: .success) { Self.savesPrivately(underUmask: 0o277) }
  }

  @Test func anAppFolderThatExistedOpenIsMadePrivate() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("app"), withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o755])
    let store = try #require(HistoryStore(file: folder.file("app/history")))
    #expect(store.add("help"))
    #expect(Self.mode(of: folder.file("app")) == 0o700)
  }

  @Test func linesAreSavedAndLoadedBackWithoutTemporaryFilesLeft() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("history")
    let store = try #require(HistoryStore(file: file))
    #expect(store.add("add buy milk"))
    #expect(store.add("done 1"))
    let text = try #require(folder.contents(of: "history"))
    #expect(text.contains("done\\0401"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["history"])
    // A second store loads the file and saves it again with a line more.
    let again = try #require(HistoryStore(file: file))
    #expect(again.add("quit"))
    #expect(try #require(folder.contents(of: "history")).contains("buy\\040milk"))
  }

  /// The lines of the history file after libedit's first line, decoded.
  private static func lines(of file: String) throws -> [String] {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map {
      $0.replacingOccurrences(of: "\\040", with: " ")
    }
  }

  private static func inode(of path: String) -> UInt? {
    var info = stat()
    return stat(path, &info) == 0 ? UInt(info.st_ino) : nil
  }

  @Test func eachLineIsAppendedAndTheFileNotWrittenAgain() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("history")
    let store = try #require(HistoryStore(file: file))
    #expect(store.add("add milk"))
    let first = try #require(folder.contents(of: "history"))
    let inode = Self.inode(of: file)
    #expect(store.add("done 1"))
    let second = try #require(folder.contents(of: "history"))
    #expect(second.hasPrefix(first))
    #expect(Self.inode(of: file) == inode, "the file was replaced")
    #expect(try Self.lines(of: file) == ["add milk", "done 1"])
    #expect(Self.mode(of: file) == 0o600)
  }

  @Test func aLineTypedAgainRightAfterItselfIsKeptOnce() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("history")
    let store = try #require(HistoryStore(file: file))
    for line in ["inc", "inc", "peek", "inc"] { #expect(store.add(line)) }
    #expect(try Self.lines(of: file) == ["inc", "peek", "inc"])
  }

  @Test func aFileTwiceAsLongAsTheHistoryIsReplacedByTheLinesKept() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("history")
    let store = try #require(HistoryStore(capacity: 3, file: file))
    for number in 1...5 { #expect(store.add("line \(number)")) }
    #expect(try Self.lines(of: file).count == 5)
    #expect(store.add("line 6"))
    #expect(try Self.lines(of: file) == ["line 4", "line 5", "line 6"])
    #expect(Self.mode(of: file) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["history"])
    // A new store loads what is kept and appends again.
    let again = try #require(HistoryStore(capacity: 3, file: file))
    #expect(again.add("line 7"))
    #expect(try Self.lines(of: file) == ["line 4", "line 5", "line 6", "line 7"])
  }

  /// A FIFO at the history's path is never opened (the open would wait for a writer, and the
  /// app with it): the history is kept in memory, and the reason is given.
  @Test func aFIFOAtThePathIsRefusedWithoutWaitingAndTheHistoryKeptInMemory() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.file("history")
    #expect(mkfifo(fifo, 0o600) == 0)
    let store = try #require(HistoryStore(file: fifo))
    #expect(store.problem == "it is a FIFO, not a regular file")
    #expect(store.add("help"))
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aFolderThatCannotBeMadeIsAFailedSaveNotACrash() throws {
    let folder = try TemporaryFolder()
    try folder.write("a file", to: "blocker")
    let store = try #require(HistoryStore(file: folder.file("blocker/app/history")))
    #expect(!store.add("help"))
  }
}
