// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the real executables end when their output closes or a signal comes: promptly, with
/// the state saved, and with the status a shell expects (they die of the signal, so a shell
/// shows 128 + its number: 141, 143, 129).
@Suite struct ExitTests {
  private func stateFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("exit-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// `todo | head -1` with more input to come: once `head` is gone, the next write fails and
  /// the app ends by SIGPIPE, its list saved, instead of reading all its input.
  @Test func aClosedOutputEndsTheAppBySIGPIPEWithTheStateSaved() async throws {
    let folder = try stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stateFile = folder.appendingPathComponent("todos.json")
    let todo = try RunningSample(
      app: SampleProcess(app: "todo"), variables: ["TODO_FILE": stateFile.path])
    try await todo.waitForOutput(containing: "Nothing to do.")
    todo.closeOutput()
    // Much more input than it could answer if it kept going without a reader.
    var sent = 0
    for number in 1...10_000 {
      guard todo.send("add item \(number)") else { break }
      sent = number
    }
    let result = try await todo.finish()
    #expect(!result.exitedNormally && result.status == SIGPIPE, "todo did not die of SIGPIPE")
    let saved = try String(contentsOf: stateFile, encoding: .utf8)
    #expect(saved.contains("\"title\":\"item 1\""))
    #expect(!saved.contains("\"title\":\"item \(sent)\""), "todo read all \(sent) lines")
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aSignalWhileWaitingForInputEndsTheAppByItWithTheStateSaved(
    signalNumber: Int32
  ) async throws {
    let folder = try stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stateFile = folder.appendingPathComponent("todos.json")
    let todo = try RunningSample(
      app: SampleProcess(app: "todo"), variables: ["TODO_FILE": stateFile.path])
    todo.send("add buy milk")
    todo.send("done 1")
    try await todo.waitForOutput(containing: "1. [x] buy milk")
    // It waits for its next line, so the signal finds it in its read.
    try await todo.waitForEvent("waiting", afterLines: 2)
    kill(todo.pid, signalNumber)
    let result = try await todo.waitForExit()
    #expect(!result.exitedNormally && result.status == signalNumber)
    #expect(!result.text.contains("Fatal error"))
    let saved = try String(contentsOf: stateFile, encoding: .utf8)
    #expect(saved.contains("\"isDone\":true"))
    #expect(saved.contains("\"title\":\"buy milk\""))
  }
}
