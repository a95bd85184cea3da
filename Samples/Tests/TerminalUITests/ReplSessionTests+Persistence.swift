// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import TestSupport
import Testing
import Workflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `:save`, `--restore` and `--trace`; the state file has its own suite.
@MainActor
@Suite struct ReplSessionPersistenceTests {
  private let counterScreen = "counter\n-------\ncount: 0\n"

  // MARK: :save and restoring

  @Test func savedSnapshotRestoresTheSameScreen() throws {
    let folder = try TemporaryFolder()
    let (session, transcript) = makeCounterSession()
    _ = session.handle("add 3")
    _ = session.handle("rename saved")
    _ = transcript.takeText()
    let file = folder.file("saved.json")
    _ = session.handle(":save \(file)")
    #expect(transcript.takeText() == "Saved to \(file).\n")
    let saved = try WorkflowSnapshot(
      jsonData: Data(try #require(folder.contents(of: "saved.json")).utf8))
    #expect(saved == (try session.host.snapshot()))

    let (restored, restoredTranscript) = makeCounterSession(restoringFrom: file, starts: false)
    restored.start(on: restoredTranscript.console)
    #expect(restoredTranscript.takeText() == "saved\n-----\ncount: 3\n")
    #expect(
      restored.currentScreen.render(width: 40) == session.currentScreen.render(width: 40))
  }

  @Test func saveToAFolderThatDoesNotExistSaysWhyAndGoesOn() throws {
    let folder = try TemporaryFolder()
    let (session, transcript) = makeCounterSession()
    let file = folder.file("missing/saved.json")
    _ = session.handle(":save \(file)")
    #expect(
      transcript.takeText()
        == "error: could not save to \(file): No such file or directory\n")
    _ = session.handle("inc")
    #expect(transcript.takeText().hasSuffix("count: 1\n"))
  }

  @Test func saveOverAFolderSaysWhy() throws {
    let folder = try TemporaryFolder()
    let (session, transcript) = makeCounterSession()
    _ = session.handle(":save \(folder.path)")
    #expect(transcript.takeText().hasPrefix("error: could not save to \(folder.path): "))
  }

  @Test func aLeadingTildeIsTheHomeFolder() {
    #expect(FileAccess.expandingTilde("~/a.json", home: "/home/me") == "/home/me/a.json")
    #expect(FileAccess.expandingTilde("~", home: "/home/me") == "/home/me")
    #expect(FileAccess.expandingTilde("~other/a", home: "/home/me") == "~other/a")
    #expect(FileAccess.expandingTilde("a/~/b", home: "/home/me") == "a/~/b")
    #expect(FileAccess.expandingTilde("~/a", home: nil) == "~/a")
  }

  // MARK: A restore file that cannot be used stops the start

  /// The failure of a session that did not start, or nil when it did.
  private func startFailure(
    restoringFrom file: String, stateFile: String? = nil, traceFile: String? = nil
  ) -> ReplStartFailure? {
    do {
      _ = try startCounterSession(
        restoringFrom: file, stateFile: stateFile, traceFile: traceFile, starts: false)
      return nil
    } catch {
      return error
    }
  }

  @Test func restoringFromAMissingFileDoesNotStart() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("nothing.json")
    let failure = try #require(startFailure(restoringFrom: file))
    #expect(failure == .cannotRestore(file: file, reason: "No such file or directory"))
    #expect(failure.exitStatus == 2)
    #expect(
      failure.description
        == "cannot restore from \(file): No such file or directory; nothing was started or changed")
  }

  @Test(arguments: [
    ("hello", "The given data was not valid JSON."),
    (#"{"root": {"type": "CounterWorkflow"}}"#, "missing key 'formatVersion' at the top level"),
    (#"{"formatVersion": 99, "root": {"type": "X"}}"#, "snapshot format 99 is not supported"),
    (#"{"formatVersion": 1, "root": 7}"#, "expected an object at root"),
    (String(repeating: "[", count: 100_000), "JSON"),
  ])
  func restoringFromAFileThatIsNotASnapshotDoesNotStart(content: String, detail: String) throws {
    let folder = try TemporaryFolder()
    try folder.write(content, to: "bad.json")
    let failure = try #require(startFailure(restoringFrom: folder.file("bad.json")))
    guard case .cannotRestore(_, let reason) = failure else {
      Issue.record("expected a restore failure, got \(failure)")
      return
    }
    #expect(reason.hasPrefix("not a saved workflow snapshot ("))
    #expect(reason.contains(detail))
  }

  @Test func restoringFromAFolderOrAFIFODoesNotStartAndDoesNotBlock() throws {
    let folder = try TemporaryFolder()
    #expect(
      startFailure(restoringFrom: folder.path)
        == .cannotRestore(file: folder.path, reason: "it is a directory, not a regular file"))
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(
      startFailure(restoringFrom: fifo)
        == .cannotRestore(file: fifo, reason: "it is a FIFO, not a regular file"))
  }

  @Test func restoringASnapshotWithStateThatDoesNotFitDoesNotStart() throws {
    let folder = try TemporaryFolder()
    let (session, _) = makeCounterSession()
    var snapshot = try session.host.snapshot()
    snapshot.root.state = Data(#"{"count": "many"}"#.utf8)
    try folder.write(String(decoding: try snapshot.jsonData(), as: UTF8.self), to: "s.json")
    snapshot.root.workflowType = "Elsewhere.OtherWorkflow"
    try folder.write(String(decoding: try snapshot.jsonData(), as: UTF8.self), to: "t.json")

    let undecodable = try #require(startFailure(restoringFrom: folder.file("s.json")))
    #expect(
      undecodable
        == .cannotRestore(
          file: folder.file("s.json"),
          reason:
            "the saved state of TerminalUITests.CounterWorkflow could not be decoded:"
            + " expected Int at count"))
    let foreign = try #require(startFailure(restoringFrom: folder.file("t.json")))
    #expect(
      foreign
        == .cannotRestore(
          file: folder.file("t.json"),
          reason:
            "the snapshot was saved from Elsewhere.OtherWorkflow, not TerminalUITests.CounterWorkflow"
        ))
  }

  @Test func aBadRestoreLeavesTheStateFileAndTheTraceFileUntouched() throws {
    let folder = try TemporaryFolder()
    let stateFile = folder.file("state/state.json")
    let (running, _) = makeCounterSession(stateFile: stateFile)
    running.handleThenWait("add 5")
    let saved = try #require(folder.contents(of: "state/state.json"))
    try folder.write("earlier trace\n", to: "trace.jsonl")
    try folder.write("{}", to: "foreign.json")
    // The restore file is checked first: the lock the running session holds is not even tried.
    let failure = try #require(
      startFailure(
        restoringFrom: folder.file("foreign.json"), stateFile: stateFile,
        traceFile: folder.file("trace.jsonl")))
    guard case .cannotRestore = failure else {
      Issue.record("expected a restore failure, got \(failure)")
      return
    }
    #expect(folder.contents(of: "trace.jsonl") == "earlier trace\n")
    #expect(folder.contents(of: "state/state.json") == saved)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder.file("state")))
        == ["state.json", "state.json.lock"])
    // Nor is anything made for a state file that does not exist yet: not even its folder.
    #expect(
      startFailure(restoringFrom: folder.file("foreign.json"), stateFile: folder.file("new/s.json"))
        != nil)
    #expect(!FileAccess.exists(folder.file("new")))
  }

  // MARK: --trace

  @Test func traceFileGetsEachPassAsOneLineOfJSONWithSortedKeys() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("trace.jsonl")
    let (session, transcript) = makeCounterSession(traceFile: file)
    _ = session.handle("inc")
    _ = session.handle("add 0")
    #expect(!transcript.takeText().contains("warning"))
    let lines = try #require(folder.contents(of: "trace.jsonl")).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.hasPrefix(#"{"actions":["#) })
    let decoded = try lines.map {
      try JSONDecoder().decode(RenderPassTrace.self, from: Data($0.utf8))
    }
    #expect(decoded == session.tracer.passes)
  }

  @Test func traceFileThatCannotBeOpenedWarnsAndTheAppGoesOn() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("missing/trace.jsonl")
    let (session, transcript) = makeCounterSession(traceFile: file, starts: false)
    session.start(on: transcript.console)
    #expect(
      transcript.takeText()
        == "warning: cannot write the trace to \(file): No such file or directory;"
        + " going on without it\n" + counterScreen)
    _ = session.handle("inc")
    #expect(transcript.takeText().hasSuffix("count: 1\n"))
  }

  @Test func aTraceFileThatIsADeviceOrAFIFOIsRefusedWithoutBlocking() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for (file, kind) in [("/dev/full", "a character device"), (fifo, "a FIFO")] {
      let (session, transcript) = makeCounterSession(traceFile: file, starts: false)
      session.start(on: transcript.console)
      #expect(
        transcript.takeText()
          == "warning: cannot write the trace to \(file): it is \(kind), not a regular file;"
          + " going on without it\n" + counterScreen)
    }
  }

  @Test func traceFileThatFailsLaterWarnsOnceAndStopsWriting() throws {
    let tiny: TinyFileSystem
    do {
      tiny = try TinyFileSystem(kilobytes: 16)
    } catch {
      try Test.cancel("no full disk to trace to: \(error)")
    }
    let file = tiny.path + "/trace.jsonl"
    let (session, transcript) = makeCounterSession(traceFile: file, starts: false)
    session.start(on: transcript.console)
    _ = transcript.takeText()
    var warnings = 0
    for _ in 0..<200 {
      _ = session.handle("rename " + String(repeating: "n", count: 200))
      _ = session.handle("inc")
      warnings +=
        transcript.takeText().components(separatedBy: "warning: stopped writing").count - 1
    }
    #expect(warnings == 1)
    _ = session.handle("inc")
    #expect(transcript.takeText().hasSuffix("count: 201\n"))
  }
}
