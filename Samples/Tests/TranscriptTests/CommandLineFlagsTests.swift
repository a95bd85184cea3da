// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// The flags every app accepts, checked on a real executable: what a shell user sees.
@Suite struct CommandLineFlagsTests {
  private let app = SampleProcess(app: "split")

  @Test func helpPrintsTheUsageAndExitsWithZero() async throws {
    let result = try await app.run(input: Data(), arguments: ["--help"])
    #expect(result.status == 0)
    #expect(
      result.text.hasPrefix("usage: split [--restore FILE] [--trace FILE] [--trace-events FILE]\n"))
  }

  @Test(arguments: [
    (["--verbose"], "split: unknown option '--verbose'\n"),
    (["--restore"], "split: --restore needs a file: --restore FILE\n"),
    (["--trace", "a", "--trace", "b"], "split: --trace is given more than once\n"),
    (["planets"], "split: unexpected argument 'planets'\n"),
  ])
  func aWrongFlagPrintsWhyAndTheUsageAndExitsWithTwo(
    arguments: [String], message: String
  ) async throws {
    let result = try await app.run(input: Data("help\n".utf8), arguments: arguments)
    #expect(result.exitedNormally && result.status == 2)
    #expect(result.text.hasPrefix(message + "usage: split "))
    #expect(!result.text.contains("split>"), "the app ran anyway")
  }

  @Test func restoringFromAMissingFileSaysWhyAndExitsWithTwo() async throws {
    let result = try await app.run(
      input: Data("quit\n".utf8), arguments: ["--restore", "/nonexistent/saved.json"])
    #expect(result.exitedNormally && result.status == 2)
    #expect(
      result.text
        == "split: cannot restore from /nonexistent/saved.json: No such file or directory;"
        + " nothing was started or changed\n")
  }

  @Test func traceWritesOneJSONObjectPerPass() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trace-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await app.run(
      input: Data("select 3\nselect 4\n".utf8), arguments: ["--trace", "trace.jsonl"],
      workingDirectory: folder)
    #expect(result.status == 0)
    let text = try String(
      contentsOf: folder.appendingPathComponent("trace.jsonl"), encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 3)
    for (index, line) in lines.enumerated() {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["number"] as? Int == index + 1)
      #expect(object?["rendered"] as? Bool == true)
    }
  }

  @Test func aTraceFileThatCannotBeOpenedWarnsAndTheAppRuns() async throws {
    let result = try await app.run(
      input: Data("quit\n".utf8), arguments: ["--trace", "/nonexistent/trace.jsonl"])
    #expect(result.status == 0)
    #expect(result.text.hasPrefix("warning: cannot write the trace to /nonexistent/trace.jsonl: "))
    #expect(result.text.contains("split> quit"))
  }

  @Test func traceEventsWritesTheStepsForATraceViewerWhenTheAppEnds() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trace-events-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await app.run(
      input: Data("select 3\nselect 4\n:trace --export exported.json\n".utf8),
      arguments: ["--trace-events", "events.json"], workingDirectory: folder)
    #expect(result.status == 0)
    #expect(result.text.contains("Wrote the last 3 steps to exported.json;"))
    for name in ["events.json", "exported.json"] {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      let events = try #require(object?["traceEvents"] as? [[String: Any]], "\(name)")
      let steps = events.filter { $0["cat"] as? String == "step" }
      #expect(steps.count == 3, "\(name)")
      #expect(steps.first?["name"] as? String == "step 0: initial")
      #expect(events.contains { $0["ph"] as? String == "X" && $0["cat"] as? String == "render" })
      let begins = events.filter { $0["ph"] as? String == "b" }.compactMap { $0["id"] as? String }
      let ends = events.filter { $0["ph"] as? String == "e" }.compactMap { $0["id"] as? String }
      #expect(begins.sorted() == ends.sorted(), "\(name): every begin has its end")
    }
  }

  @Test func aTraceEventsFileThatCannotBeWrittenWarnsAndTheAppRuns() async throws {
    let result = try await app.run(
      input: Data("select 3\nquit\n".utf8), arguments: ["--trace-events", "/nonexistent/t.json"])
    #expect(result.status == 0)
    #expect(
      result.text.hasPrefix(
        "warning: cannot write trace events to /nonexistent/t.json: No such file or directory;"
          + " going on without them\n"))
    #expect(result.text.contains("split> quit"))
  }
}
