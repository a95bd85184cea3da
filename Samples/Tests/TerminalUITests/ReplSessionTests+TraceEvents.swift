// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing
import Workflow

/// `:trace --export FILE` and `--trace-events FILE`: the kept steps in the Trace Event Format,
/// for Perfetto, chrome://tracing and speedscope; a file that cannot be written is told and the
/// session goes on.
@MainActor
@Suite struct ReplSessionTraceEventTests {
  /// The complete events of the steps in the trace at `path`, read as a viewer reads it.
  private func steps(inTraceAt path: String) throws -> [[String: Any]] {
    let data = try #require(FileManager.default.contents(atPath: path), "no file at \(path)")
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let events = try #require(object["traceEvents"] as? [[String: Any]])
    return events.filter { $0["cat"] as? String == "step" && $0["ph"] as? String == "X" }
  }

  @Test func exportWritesTheKeptStepsAndSaysWhere() throws {
    let folder = try TemporaryFolder()
    let (session, transcript) = makeCounterSession()
    _ = session.handle("inc")
    _ = session.handle("rename hello")
    _ = transcript.takeText()
    _ = session.handle(":trace --export \(folder.file("counter.json"))")
    #expect(
      transcript.takeText()
        == "Wrote the last 3 steps to \(folder.file("counter.json")); open it in Perfetto,"
        + " chrome://tracing or speedscope.\n")
    let steps = try steps(inTraceAt: folder.file("counter.json"))
    #expect(
      steps.map { $0["name"] as? String } == [
        "step 0: initial", "step 1: action at CounterWorkflow", "step 2: action at CounterWorkflow",
      ])
  }

  @Test func exportToAPathThatCannotBeWrittenSaysWhyAndTheSessionGoesOn() throws {
    let folder = try TemporaryFolder()
    let (session, transcript) = makeCounterSession()
    for path in ["/nonexistent/trace.json", folder.path] {
      _ = session.handle(":trace --export \(path)")
      let reason =
        path == folder.path ? "it is a directory, not a regular file" : "No such file or directory"
      #expect(transcript.takeText() == "error: could not write the trace to \(path): \(reason)\n")
    }
    _ = session.handle("inc")
    #expect(session.host.rendering.value.screen.body == ["count: 1"])
  }

  @Test func exportWithoutAFileGivesItsUsage() {
    let (session, transcript) = makeCounterSession()
    _ = session.handle(":trace --export")
    #expect(
      transcript.takeText() == ":trace: --export needs one file\nusage: :trace --export FILE\n")
  }

  @Test func theTraceEventsFileIsWrittenAtTheStartAndAgainWhenTheAppEnds() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("events.json")
    let (session, _) = try startSession(
      CounterWorkflow(), traceEventsFile: file, transcript: Transcript(width: 40))
    #expect(try steps(inTraceAt: file).count == 1)
    #expect(session.tracer.capacity == TraceEventsFile.capacity)
    _ = session.handle("inc")
    _ = session.handle("inc")
    #expect(try steps(inTraceAt: file).count == 1, "written before the app ends")
    _ = session.handle("quit")
    #expect(try steps(inTraceAt: file).count == 3)
  }

  @Test func aTraceEventsFileThatCannotBeWrittenWarnsAndTheSessionGoesOn() throws {
    let transcript = Transcript(width: 80)
    let (session, _) = try startSession(
      CounterWorkflow(), traceEventsFile: "/nonexistent/events.json", transcript: transcript)
    _ = session.handle("inc")
    _ = session.handle("quit")
    #expect(transcript.console.endReason == .finished(status: 0))
    #expect(session.host.rendering.value.screen.body == ["count: 1"])
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent/events.json"))
  }

  @Test func theWarningForAnUnwritableTraceEventsFileComesBeforeTheFirstScreen() throws {
    let transcript = Transcript(width: 80)
    _ = try startSession(
      CounterWorkflow(), traceEventsFile: "/nonexistent/events.json", transcript: transcript,
      starts: false
    ).0.start(on: transcript.console)
    #expect(
      transcript.takeText().hasPrefix(
        "warning: cannot write trace events to /nonexistent/events.json: No such file or"
          + " directory; going on without them\n"))
  }

  @Test func aTraceEventsFileThatCannotBeWrittenAtTheEndIsTold() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("gone"), withIntermediateDirectories: false)
    let file = folder.file("gone/events.json")
    let transcript = Transcript(width: 80)
    let (session, _) = try startSession(
      CounterWorkflow(), traceEventsFile: file, transcript: transcript)
    try FileManager.default.removeItem(atPath: folder.file("gone"))
    _ = session.handle("quit")
    #expect(
      transcript.takeText().hasSuffix(
        "warning: could not write trace events to \(file): No such file or directory\n"))
    #expect(transcript.console.endReason == .finished(status: 0))
  }

  @Test func theTraceEventsOfASessionHoldNoSecret() throws {
    let password = "hunter2-\(UUID().uuidString)"
    let folder = try TemporaryFolder()
    let file = folder.file("events.json")
    let (session, _) = try startSession(
      SignInWorkflow(), name: "signin", traceEventsFile: file,
      transcript: Transcript(echoesInput: true))
    _ = session.handle("login ann@example.com \(password)")
    _ = session.handle(":trace --export \(folder.file("exported.json"))")
    _ = session.handle("quit")
    for name in ["events.json", "exported.json"] {
      let text = try #require(folder.contents(of: name))
      #expect(text.contains("ann@example.com") && text.contains(SecretText.mask), "\(name)")
      #expect(!text.contains(password), "\(name) holds the password")
    }
  }
}
