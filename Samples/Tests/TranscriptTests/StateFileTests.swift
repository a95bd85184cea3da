// SPDX-License-Identifier: Apache-2.0

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The todo app's state file under every fault a user's disk can have, on the real executable:
/// the app keeps running and says what happened, and the saved list is never lost.
@Suite struct StateFileTests {
  private let todo = SampleProcess(app: "todo")

  private func expectCleanExit(_ result: SampleProcess.Result, _ what: String) {
    #expect(result.exitedNormally, "todo was killed by a signal on \(what)")
    #expect(result.status == 0, "todo exited with \(result.status) on \(what):\n\(result.text)")
    #expect(!result.text.contains("Fatal error"), "todo trapped on \(what)")
  }

  private func mode(of path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  // MARK: Contents that cannot be used

  @Test(arguments: [
    (
      "wrong types",
      TodoStateFixture.snapshot(state: #"{"nextID": "3", "todos": []}"#),
      "expected Int at nextID"
    ),
    (
      "duplicate ids",
      TodoStateFixture.snapshot(
        state:
          #"{"nextID": 3, "todos": [{"id": 1, "title": "a", "isDone": false}, {"id": 1, "title": "b", "isDone": false}]}"#
      ),
      "todo id 1 appears twice"
    ),
    (
      "deeply nested state",
      TodoStateFixture.snapshot(
        state: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
      "not a saved workflow snapshot"
    ),
    (
      "deeply nested file", String(repeating: "{\"a\":", count: 200_000),
      "not a saved workflow snapshot"
    ),
    ("not JSON", "todos: milk, eggs", "not a saved workflow snapshot"),
  ])
  func aStateFileThatCannotBeUsedIsKeptAsANumberedBackup(
    what: String, content: String, reason: String
  ) async throws {
    let folder = try TestFolder()
    let variables = ["TODO_FILE": folder.file("todos.json")]
    for backup in 1...2 {
      try folder.write(content, to: "todos.json")
      let result = try await todo.run(
        input: Data("add fresh \(backup)\nquit\n".utf8), variables: variables)
      expectCleanExit(result, what)
      #expect(result.text.hasPrefix("warning: "), "\(result.text)")
      #expect(result.text.contains(reason), "\(result.text)")
      #expect(result.text.contains("moved it to \(folder.file("todos.json")).broken-\(backup)"))
      #expect(result.text.contains("1. [ ] fresh \(backup)"))
      // Every backup is what the file held; the second never replaced the first.
      for earlier in 1...backup {
        #expect(folder.contents(of: "todos.json.broken-\(earlier)") == Data(content.utf8))
      }
      #expect(folder.contents(of: "todos.json")?.todoTitles == ["fresh \(backup)"])
    }
  }

  @Test(arguments: [
    #"{"nextID": 2, "todos": [{"id": 2, "title": "a", "isDone": false}, {"id": 1, "title": "b", "isDone": false}]}"#,
    #"{"nextID": 9223372036854775807, "todos": [{"id": 2, "title": "a", "isDone": false}, {"id": 1, "title": "b", "isDone": false}]}"#,
  ])
  func aNextIDThatWouldTrapIsRepairedAndTheListKept(state: String) async throws {
    let folder = try TestFolder()
    try folder.write(TodoStateFixture.snapshot(state: state), to: "todos.json")
    let result = try await todo.run(
      input: Data("add c\nadd d\nquit\n".utf8), variables: ["TODO_FILE": folder.file("todos.json")])
    expectCleanExit(result, "a nextID to repair")
    #expect(!result.text.contains("warning"), "\(result.text)")
    let todos = try #require(
      folder.contents(of: "todos.json")?.rootState?["todos"] as? [[String: Any]])
    #expect(todos.compactMap { $0["id"] as? Int } == [2, 1, 3, 4])
  }

  @Test func aFiftyMegabyteListIsRestoredAndNotRewrittenWhenNothingChanged() async throws {
    let folder = try TestFolder()
    // Under the thread sanitizer, whose executables run about ten times slower, 5 MB: what it
    // checks is the threads, which a smaller file exercises as well.
    let count = BadInputTests.isThreadSanitized ? 50_000 : 500_000
    try folder.write(TodoStateFixture.list(count: count, titleLength: 60), to: "todos.json")
    let size = try #require(folder.contents(of: "todos.json")).count
    #expect(size > (BadInputTests.isThreadSanitized ? 5 : 50) * 1_000_000)
    var before = stat()
    #expect(stat(folder.file("todos.json"), &before) == 0)
    let result = try await todo.run(
      input: Data("quit\n".utf8), variables: ["TODO_FILE": folder.file("todos.json")],
    )
    expectCleanExit(result, "a 50 MB list")
    #expect(result.text.contains("Page 1 of \(count / 20), todos 1-20 of \(count)"))
    var after = stat()
    #expect(stat(folder.file("todos.json"), &after) == 0)
    #expect(after.st_ino == before.st_ino && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    #expect(try folder.names() == ["todos.json", "todos.json.lock"])
  }

  // MARK: What is at the path

  @Test func aFolderWhereTheFileShouldBeIsLeftAloneAndTheAppRuns() async throws {
    let folder = try TestFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("todos.json"), withIntermediateDirectories: false)
    let result = try await todo.run(
      input: Data("add tea\nquit\n".utf8), variables: ["TODO_FILE": folder.file("todos.json")])
    expectCleanExit(result, "a folder as the state file")
    #expect(
      result.text.hasPrefix(
        "warning: cannot use \(folder.file("todos.json")) as the state file: it is a directory,"
          + " not a regular file; this session will not be saved\n"))
    #expect(result.text.contains("1. [ ] tea"))
    #expect(try folder.names() == ["todos.json"])
    #expect(try folder.names(in: "todos.json").isEmpty)
  }

  @Test(arguments: ["/dev/full", "fifo"])
  func aDeviceOrAFIFOIsRefusedWithoutBlocking(file: String) async throws {
    let folder = try TestFolder()
    let path = file.hasPrefix("/") ? file : folder.file(file)
    if !file.hasPrefix("/") { #expect(mkfifo(path, 0o600) == 0) }
    let result = try await todo.run(
      input: Data("add tea\nquit\n".utf8), variables: ["TODO_FILE": path])
    expectCleanExit(result, "a special file as the state file")
    #expect(result.text.hasPrefix("warning: cannot use \(path) as the state file: it is a "))
    #expect(result.text.contains("1. [ ] tea"))
    #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
  }

  @Test func aTraceFileThatIsAFIFOIsRefusedWithoutBlocking() async throws {
    let folder = try TestFolder()
    #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
    let result = try await todo.run(
      input: Data("add tea\nquit\n".utf8), arguments: ["--trace", folder.file("fifo")],
    )
    expectCleanExit(result, "a FIFO as the trace file")
    #expect(
      result.text.hasPrefix(
        "warning: cannot write the trace to \(folder.file("fifo")): it is a FIFO, not a regular"
          + " file; going on without it\n"))
  }

  @Test func aSymbolicLinkIsFollowedAndTheFileItPointsAtIsReplacedNotTruncated() async throws {
    let folder = try TestFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("dotfiles"), withIntermediateDirectories: false)
    try folder.write(TodoStateFixture.list(count: 1), to: "dotfiles/todos.json")
    let old = try #require(folder.contents(of: "dotfiles/todos.json"))
    // A second name for the file as it was: a save that truncated it in place would empty it.
    #expect(link(folder.file("dotfiles/todos.json"), folder.file("old-copy")) == 0)
    #expect(symlink("dotfiles/todos.json", folder.file("todos.json")) == 0)
    let result = try await todo.run(
      input: Data("add via the link\nquit\n".utf8),
      variables: ["TODO_FILE": folder.file("todos.json")])
    expectCleanExit(result, "a symbolic link as the state file")
    let destination = try FileManager.default.destinationOfSymbolicLink(
      atPath: folder.file("todos.json"))
    #expect(destination == "dotfiles/todos.json")
    #expect(folder.contents(of: "dotfiles/todos.json")?.todoTitles == ["todo 1", "via the link"])
    #expect(folder.contents(of: "old-copy") == old)
    #expect(try folder.names(in: "dotfiles") == ["todos.json", "todos.json.lock"])
  }

  @Test func aLinkPlantedAtTheTemporaryNameDoesNotRedirectTheSave() async throws {
    let folder = try TestFolder()
    try folder.write("precious", to: "victim")
    let app = try RunningSample(app: todo, variables: ["TODO_FILE": folder.file("todos.json")])
    try await app.waitForOutput(containing: "Nothing to do.")
    #expect(symlink(folder.file("victim"), folder.file("todos.json.tmp-\(app.pid)")) == 0)
    app.send("add saved safely")
    app.send("quit")
    let result = try await app.finish()
    expectCleanExit(result, "a planted link")
    #expect(folder.contents(of: "victim") == Data("precious".utf8))
    #expect(folder.contents(of: "todos.json")?.todoTitles == ["saved safely"])
    #expect(try folder.names() == ["todos.json", "todos.json.lock", "victim"])
  }

  // MARK: Modes

  @Test(arguments: [0o000, 0o777])
  func newFilesArePrivateAndNewFoldersTooWhateverTheUmask(umask: Int) async throws {
    let folder = try TestFolder()
    let result = try await todo.run(
      input: Data("add private\nquit\n".utf8), variables: ["XDG_STATE_HOME": folder.path],
      umask: umask)
    expectCleanExit(result, "umask \(String(umask, radix: 8))")
    #expect(mode(of: folder.file("todo")) == 0o700)
    #expect(mode(of: folder.file("todo/todos.json")) == 0o600)
    #expect(mode(of: folder.file("todo/todos.json.lock")) == 0o600)
    #expect(folder.contents(of: "todo/todos.json")?.todoTitles == ["private"])
  }

  @Test func aSaveKeepsTheModeTheUserGaveTheFile() async throws {
    let folder = try TestFolder()
    try folder.write(TodoStateFixture.list(count: 1), to: "todos.json")
    #expect(chmod(folder.file("todos.json"), 0o640) == 0)
    let result = try await todo.run(
      input: Data("add shared\nquit\n".utf8), variables: ["TODO_FILE": folder.file("todos.json")])
    expectCleanExit(result, "a 0640 state file")
    #expect(folder.contents(of: "todos.json")?.todoTitles == ["todo 1", "shared"])
    #expect(mode(of: folder.file("todos.json")) == 0o640)
  }

  // MARK: Disks that refuse

  @Test func aFolderThatCannotBeWrittenKeepsTheListAndTheAppRuns() async throws {
    let folder = try TestFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("locked"), withIntermediateDirectories: false)
    try folder.write(TodoStateFixture.list(count: 1), to: "locked/todos.json")
    let saved = try #require(folder.contents(of: "locked/todos.json"))
    let readOnly = try ReadOnlyFolder(folder.file("locked"))
    let file = folder.file("locked/todos.json")
    let result = try await todo.run(
      input: Data("add not saved\nquit\n".utf8), variables: ["TODO_FILE": file])
    expectCleanExit(result, "a read-only folder")
    #expect(result.text.hasPrefix("warning: cannot save the state to \(file): "), "\(result.text)")
    #expect(result.text.contains("; this session will not be saved\n"))
    #expect(result.text.contains("1. [ ] todo 1\n"))
    #expect(result.text.contains("2. [ ] not saved\n"))
    #expect(folder.contents(of: "locked/todos.json") == saved)
    _ = readOnly
  }

  @Test func aFullDiskWarnsOnceKeepsTheLastSavedListAndTheAppRuns() async throws {
    let disk: TinyFileSystem
    do {
      disk = try TinyFileSystem(kilobytes: 64)
    } catch {
      try Test.cancel("no tiny tmpfs to fill: \(error)")
    }
    let file = disk.path + "/todos.json"
    let app = try RunningSample(app: todo, variables: ["TODO_FILE": file])
    // The first todo is saved while the app waits for the next line, before the disk fills.
    app.send("add small")
    try await app.waitForEvent("saved", afterLines: 1)
    #expect(FileManager.default.contents(atPath: file)?.todoTitles == ["small"])
    // Then a burst that outgrows the disk, ending with the input.
    // Titles under todo's limit of 1,000 characters, 90 KB in all.
    let title = String(repeating: "x", count: 900)
    for number in 1...100 { app.send("add \(number) \(title)") }
    app.send("done 1")
    let result = try await app.finish()
    expectCleanExit(result, "a full disk")
    let warnings = result.text.components(separatedBy: "\n").filter { $0.hasPrefix("warning:") }
    #expect(
      warnings == [
        "warning: could not save the state to \(file): No space left on device; the file keeps"
          + " the last state saved"
      ])
    // The app went on: the last command was answered.
    #expect(result.text.contains("todo> done 1\n"))
    let saved = try #require(FileManager.default.contents(atPath: file))
    let titles = try #require(saved.todoTitles)
    #expect(titles.first == "small" && titles.count < 101)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == [
        "todos.json", "todos.json.lock",
      ])
  }

  // MARK: When the file is written

  @Test func anAppWaitingForItsNextLineHasSavedAndTheEndOfItsInputSavesTheRest() async throws {
    let folder = try TestFolder()
    let file = folder.file("todos.json")
    let app = try RunningSample(app: todo, variables: ["TODO_FILE": file])
    try await app.waitForOutput(containing: "Nothing to do.")
    app.send("add while it waits")
    try await app.waitForOutput(containing: "1. [ ] while it waits")
    // Once it answered, the app says it waits for the next line only after saving.
    try await app.waitForEvent("waiting", afterLines: 1)
    #expect(folder.contents(of: "todos.json")?.todoTitles == ["while it waits"])
    #expect(app.process.isRunning)
    // A burst, then the input ends without `quit`.
    for number in 1...30 { app.send("add burst \(number)") }
    let result = try await app.finish()
    expectCleanExit(result, "the end of its input")
    let titles = try #require(folder.contents(of: "todos.json")?.todoTitles)
    #expect(titles == ["while it waits"] + (1...30).map { "burst \($0)" })
  }

  @Test func theEventsFileSaysWhenTheAppWaitsAndWhenItSaved() async throws {
    let folder = try TestFolder()
    let app = try RunningSample(app: todo, variables: ["TODO_FILE": folder.file("todos.json")])
    try await app.waitForEvent("waiting", afterLines: 0)
    app.send("add tea")
    try await app.waitForEvent("waiting", afterLines: 1)
    app.send("help")
    try await app.waitForEvent("waiting", afterLines: 2)
    expectCleanExit(try await app.finish(), "the end of its input")
    // Each line is handled, then what it changed is saved before the wait it allows; a line
    // that changes nothing saves nothing.
    #expect(
      app.eventLines == [
        "waiting 0", "handled 1", "saved 1", "waiting 1", "handled 2", "waiting 2",
      ])
  }

  // MARK: Two apps on one file

  @Test func aSecondAppOnTheSameFileSaysItIsInUseAndDoesNotStart() async throws {
    let folder = try TestFolder()
    let variables = ["TODO_FILE": folder.file("todos.json")]
    let first = try RunningSample(app: todo, variables: variables)
    try await first.waitForOutput(containing: "Nothing to do.")
    first.send("add from the first")
    try await first.waitForOutput(containing: "1. [ ] from the first")

    let second = try await todo.run(
      input: Data("add from the second\nquit\n".utf8), variables: variables)
    #expect(second.exitedNormally && second.status == 1)
    #expect(
      second.text
        == "todo: cannot use the state file \(folder.file("todos.json")): it is in use by another"
        + " process (\(first.pid)); quit the other app first\n")

    first.send("add again")
    first.send("quit")
    expectCleanExit(try await first.finish(), "the first app")
    #expect(folder.contents(of: "todos.json")?.todoTitles == ["from the first", "again"])
    let third = try await todo.run(input: Data("quit\n".utf8), variables: variables)
    expectCleanExit(third, "an app after the first quit")
    #expect(third.text.contains("2. [ ] again"))
  }
}
