// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A save is atomic: `kill -9` in the middle of one leaves the old file or the new, never a
/// torn one, and the next start removes what the killed save left behind.
@Suite struct AtomicSaveTests {
  @Test func killedInTheMiddleOfSavesTheFileIsAlwaysWhole() async throws {
    let folder = try TestFolder("atomic")
    let file = folder.file("todos.json")
    // A large list, so that each save writes a megabyte.
    let count = BadInputTests.isThreadSanitized ? 2_000 : 20_000
    try folder.write(TodoStateFixture.list(count: count, titleLength: 40), to: "todos.json")
    let todo = SampleProcess(app: "todo")
    var killedMidSave = 0
    var round = 0
    // Five rounds at least, and more until one kill lands while a save writes its temporary
    // file: the kill follows the file's creation at once, and the app runs at the lowest
    // priority, so on a busy machine it has rarely gone far by then.
    while round < 5 || killedMidSave == 0 && round < 50 {
      round += 1
      let app = try RunningSample(app: todo, variables: ["TODO_FILE": file], isNiced: true)
      try await app.waitForOutput(containing: " of \(count + round - 1): type 'more'")
      // What the killed save of the previous round left was removed at this start.
      #expect(try folder.names() == ["todos.json", "todos.json.lock"])
      let temporary = "todos.json.tmp-\(app.pid)"
      let killer = try KillWhenCreated(folder: folder.path, name: temporary, pid: app.pid)
      app.send("add round \(round)")
      let result = try await app.waitForExit()
      killer.stop()
      #expect(!result.exitedNormally, "todo was not killed")
      if FileManager.default.fileExists(atPath: folder.file(temporary)) { killedMidSave += 1 }
      // Old or new, never torn: the file reads, with the list it had before or after the add.
      let titles = try #require(folder.contents(of: "todos.json")?.todoTitles, "torn file")
      #expect(titles.count == count + round - 1 || titles.count == count + round)
      // Keep the rounds comparable: the next one starts from the list with this round's add.
      if titles.count == count + round - 1 {
        try folder.write(
          TodoStateFixture.list(count: count + round, titleLength: 40), to: "todos.json")
      }
    }
    #expect(killedMidSave > 0, "no kill landed while a save was writing its temporary file")
  }
}

/// Kills a process with `SIGKILL` the moment a file named `name` appears in `folder`: an
/// inotify watch read on a thread of its own, so the kill does not wait for the test's tasks.
final class KillWhenCreated: Sendable {
  private let reader: DescriptorReader

  init(folder: String, name: String, pid: pid_t) throws {
    let watch = inotify_init1(Int32(IN_CLOEXEC))
    guard watch >= 0, inotify_add_watch(watch, folder, UInt32(IN_CREATE)) >= 0 else {
      throw SampleProcessError.noFIFO("inotify on \(folder)")
    }
    reader = try DescriptorReader(watch) { events in
      // Each event: wd, mask, cookie, len (4 bytes each), then len bytes of the name.
      var offset = events.startIndex
      while offset + 16 <= events.endIndex {
        let length = events[(offset + 12)..<(offset + 16)].withUnsafeBytes {
          Int($0.loadUnaligned(as: UInt32.self))
        }
        let nameBytes = events[(offset + 16)..<min(events.endIndex, offset + 16 + length)]
        if String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self) == name {
          kill(pid, SIGKILL)
          return false
        }
        offset += 16 + length
      }
      return true
    }
  }

  /// Stops watching, unless the watch ended already.
  func stop() {
    reader.stop()
  }
}
