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
    // A large list, so that each save writes a megabyte and takes long enough to be hit.
    let count = BadInputTests.isThreadSanitized ? 2_000 : 20_000
    try folder.write(TodoStateFixture.list(count: count, titleLength: 40), to: "todos.json")
    let todo = SampleProcess(app: "todo")
    var killedMidSave = 0
    for attempt in 1...5 {
      let app = try RunningSample(app: todo, variables: ["TODO_FILE": file])
      try await app.waitForOutput(containing: " of \(count + attempt - 1): type 'more'")
      // What the killed save of the previous round left was removed at this start.
      #expect(try folder.names() == ["todos.json", "todos.json.lock"])
      let temporary = file + ".tmp-\(app.pid)"
      app.send("add round \(attempt)")
      // Kill as soon as the save's temporary file appears: the middle of the save.
      let deadline = ContinuousClock.now + .seconds(60)
      while !FileManager.default.fileExists(atPath: temporary), ContinuousClock.now < deadline {
        try await Task.sleep(for: .microseconds(200))
      }
      kill(app.pid, SIGKILL)
      let result = try await app.waitForExit()
      #expect(!result.exitedNormally, "todo was not killed")
      if FileManager.default.fileExists(atPath: temporary) { killedMidSave += 1 }
      // Old or new, never torn: the file reads, with the list it had before or after the add.
      let titles = try #require(folder.contents(of: "todos.json")?.todoTitles, "torn file")
      #expect(titles.count == count + attempt - 1 || titles.count == count + attempt)
      // Keep the rounds comparable: the next one starts from the list with this round's add.
      if titles.count == count + attempt - 1 {
        try folder.write(
          TodoStateFixture.list(count: count + attempt, titleLength: 40), to: "todos.json")
      }
    }
    #expect(killedMidSave > 0, "no kill landed while a save was writing its temporary file")
  }
}
