// SPDX-License-Identifier: Apache-2.0

// Runs the code of the "Viewing traces" article.

import Foundation
import Testing
import Workflow

@MainActor
@Suite struct ViewingTracesArticleTests {
  private func events(in file: URL) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    return try #require(object?["traceEvents"] as? [[String: Any]])
  }

  private func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json")
  }

  @Test func theTraceHoldsEachStepAndActionWithItsDescription() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try writeATrace(to: file)
    let events = try events(in: file)
    #expect(
      events.filter { $0["cat"] as? String == "step" }.map { $0["name"] as? String } == [
        "step 0: initial", "step 1: action at ShoppingListWorkflow",
        "step 2: action at ShoppingListWorkflow",
      ])
    #expect(
      events.filter { $0["cat"] as? String == "action" }.map { $0["name"] as? String } == [
        #"add("eggs")"#, #"add("milk")"#,
      ])
  }

  @Test func aStretchKeepsOnlyWhatWasRecorded() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    let tracer = try traceAStretch(to: handle)
    try handle.close()
    #expect(!tracer.isRecording)
    let actions = try events(in: file).filter { $0["cat"] as? String == "action" }
    #expect(actions.map { $0["name"] as? String } == [#"add("eggs")"#])
  }
}
