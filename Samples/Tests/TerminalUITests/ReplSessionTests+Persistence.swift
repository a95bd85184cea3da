// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing
import Workflow

/// `:save`, `--restore`, `--trace` and the autosaved state file.
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
    restored.start()
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

  @Test func restoringFromAMissingFileWarnsAndStartsFresh() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("nothing.json")
    let (session, transcript) = makeCounterSession(restoringFrom: file, starts: false)
    session.start()
    #expect(
      transcript.takeText()
        == "warning: cannot restore from \(file): No such file or directory; starting fresh\n"
        + counterScreen)
  }

  @Test(arguments: [
    ("hello", "The given data was not valid JSON."),
    (#"{"root": {"type": "CounterWorkflow"}}"#, "missing key 'formatVersion' at the top level"),
    (#"{"formatVersion": 99, "root": {"type": "X"}}"#, "snapshot format 99 is not supported"),
    (#"{"formatVersion": 1, "root": 7}"#, "expected an object at root"),
  ])
  func restoringFromAFileThatIsNotASnapshotWarnsAndStartsFresh(
    content: String, detail: String
  ) throws {
    let folder = try TemporaryFolder()
    try folder.write(content, to: "bad.json")
    let file = folder.file("bad.json")
    let (session, transcript) = makeCounterSession(restoringFrom: file, starts: false)
    session.start()
    let text = transcript.takeText()
    #expect(text.hasPrefix("warning: cannot restore from \(file): not a saved workflow snapshot ("))
    #expect(text.contains(detail))
    #expect(text.hasSuffix("; starting fresh\n" + counterScreen))
  }

  @Test func restoringFromAFolderWarnsAndStartsFresh() throws {
    let folder = try TemporaryFolder()
    let (session, transcript) = makeCounterSession(restoringFrom: folder.path, starts: false)
    session.start()
    #expect(
      transcript.takeText()
        == "warning: cannot restore from \(folder.path): not a regular file; starting fresh\n"
        + counterScreen)
  }

  @Test func skippedSnapshotEntriesAreWarnedBeforeTheFirstScreenOneLineEach() throws {
    let folder = try TemporaryFolder()
    let (session, _) = makeCounterSession()
    var snapshot = try session.host.snapshot()
    snapshot.root.state = Data(#"{"count": "many"}"#.utf8)
    try folder.write(String(decoding: try snapshot.jsonData(), as: UTF8.self), to: "s.json")
    snapshot.root.workflowType = "Elsewhere.OtherWorkflow"
    try folder.write(String(decoding: try snapshot.jsonData(), as: UTF8.self), to: "t.json")

    let (undecodable, transcript) = makeCounterSession(
      restoringFrom: folder.file("s.json"), starts: false)
    undecodable.start()
    let lines = transcript.takeText().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5)
    #expect(lines[0].hasPrefix("warning: skipped the saved state of CounterWorkflow: the saved"))
    #expect(lines[0].contains("could not be decoded"))
    #expect(lines[1...].joined(separator: "\n") == counterScreen)

    let (otherType, otherTranscript) = makeCounterSession(
      restoringFrom: folder.file("t.json"), starts: false)
    otherType.start()
    let text = otherTranscript.takeText()
    #expect(text.hasPrefix("warning: skipped the saved state of CounterWorkflow: the snapshot"))
    #expect(text.contains("was saved from Elsewhere.OtherWorkflow, not "))
    #expect(text.hasSuffix(counterScreen))
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
    session.start()
    #expect(
      transcript.takeText()
        == "warning: cannot write the trace to \(file): No such file or directory;"
        + " going on without it\n" + counterScreen)
    _ = session.handle("inc")
    #expect(transcript.takeText().hasSuffix("count: 1\n"))
  }

  @Test func traceFileThatFailsLaterWarnsOnceAndStopsWriting() throws {
    let (session, transcript) = makeCounterSession(traceFile: "/dev/full", starts: false)
    session.start()
    #expect(
      transcript.takeText()
        == "warning: stopped writing the trace to /dev/full: No space left on device\n"
        + counterScreen)
    _ = session.handle("inc")
    #expect(transcript.takeText() == "\ncounter\n-------\ncount: 1\n")
  }

  // MARK: State file

  @Test func stateFileIsWrittenAfterEachChangeAndRestoredByTheNextSession() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state/app/state.json")
    let (session, transcript) = makeCounterSession(stateFile: file)
    #expect(folder.contents(of: "state/app/state.json") == nil)
    _ = session.handle("inc")
    _ = session.handle("inc")
    #expect(!transcript.takeText().contains("warning"))
    let saved = try WorkflowSnapshot(
      jsonData: Data(try #require(folder.contents(of: "state/app/state.json")).utf8))
    #expect(saved == (try session.host.snapshot()))

    let (next, nextTranscript) = makeCounterSession(stateFile: file, starts: false)
    next.start()
    #expect(nextTranscript.takeText() == "counter\n-------\ncount: 2\n")
  }

  @Test func stateFileIsWrittenOnlyWhenTheSnapshotChanged() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state.json")
    // Renders even when nothing changed, so that renderings with an unchanged snapshot arrive.
    let (session, _) = makeCounterSession(
      stateFile: file,
      configuration: RuntimeConfiguration(skipsRenderWhenStateIsUnchanged: false))
    let renders = session.tracer.totals.passes
    _ = session.handle("add 0")
    #expect(session.tracer.totals.passes == renders + 1)
    #expect(folder.contents(of: "state.json") == nil)
    _ = session.handle("inc")
    #expect(folder.contents(of: "state.json") != nil)
    try FileManager.default.removeItem(atPath: file)
    _ = session.handle("add 0")
    #expect(folder.contents(of: "state.json") == nil)
    // A batch that changed nothing is no step: the undo goes back before "inc".
    _ = session.handle(":undo")
    #expect(folder.contents(of: "state.json")?.contains(#""count" : 0"#) == true)
  }

  @Test func stateFileThatCannotBeWrittenWarnsOnceAndTheAppGoesOn() throws {
    let folder = try TemporaryFolder()
    try folder.write("a file, not a folder", to: "blocker")
    let file = folder.file("blocker/state.json")
    let (session, transcript) = makeCounterSession(stateFile: file)
    _ = session.handle("inc")
    #expect(
      transcript.takeText()
        == "warning: could not save the state to \(file): Not a directory\n"
        + "\ncounter\n-------\ncount: 1\n")
    _ = session.handle("inc")
    #expect(transcript.takeText() == "\ncounter\n-------\ncount: 2\n")
  }

  @Test func warningsBetweenCommandsGoToTheAsyncPrinterWithTheScreen() throws {
    let folder = try TemporaryFolder()
    try folder.write("a file, not a folder", to: "blocker")
    let file = folder.file("blocker/state.json")
    let (session, _) = makeCounterSession(stateFile: file)
    let shown = showScreensBetweenCommands(of: session)
    session.host.rendering.value.events.send(.add(1))
    #expect(
      shown() == [
        "warning: could not save the state to \(file): Not a directory\n"
          + "\ncounter\n-------\ncount: 1\n"
      ])
  }

  @Test func brokenStateFileThatCannotBeMovedAsideIsLeftAloneAndNotSavedOver() throws {
    let folder = try TemporaryFolder()
    try folder.write("not json", to: "state.json")
    try FileManager.default.createDirectory(
      atPath: folder.file("state.json.broken"), withIntermediateDirectories: false)
    try folder.write("in the way", to: "state.json.broken/keep")
    let file = folder.file("state.json")
    let (session, transcript) = makeCounterSession(stateFile: file, starts: false)
    session.start()
    let text = transcript.takeText()
    #expect(text.hasPrefix("warning: cannot restore from \(file): not a saved workflow snapshot"))
    #expect(text.contains(", nor move it aside: "))
    #expect(text.hasSuffix("; starting fresh without saving, to keep it\n" + counterScreen))
    _ = session.handle("inc")
    #expect(folder.contents(of: "state.json") == "not json")
  }

  @Test func brokenStateFileIsMovedAsideAndTheAppStartsFresh() throws {
    let folder = try TemporaryFolder()
    try folder.write("not json", to: "state.json")
    let file = folder.file("state.json")
    let (session, transcript) = makeCounterSession(stateFile: file, starts: false)
    session.start()
    let text = transcript.takeText()
    #expect(text.hasPrefix("warning: cannot restore from \(file): not a saved workflow snapshot"))
    #expect(text.hasSuffix("; moved it to \(file).broken and starting fresh\n" + counterScreen))
    #expect(folder.contents(of: "state.json.broken") == "not json")
    #expect(folder.contents(of: "state.json") == nil)
    _ = session.handle("inc")
    #expect(folder.contents(of: "state.json") != nil)
    #expect(folder.contents(of: "state.json.broken") == "not json")
  }

  @Test func restoreFileWinsOverTheStateFileWhichKeepsBeingSaved() throws {
    let folder = try TemporaryFolder()
    let (first, _) = makeCounterSession()
    _ = first.handle("add 2")
    _ = first.handle(":save \(folder.file("two.json"))")
    _ = first.handle("add 3")
    _ = first.handle(":save \(folder.file("state.json"))")

    let (session, transcript) = makeCounterSession(
      restoringFrom: folder.file("two.json"), stateFile: folder.file("state.json"), starts: false)
    session.start()
    #expect(transcript.takeText() == "counter\n-------\ncount: 2\n")
    _ = session.handle("inc")
    let saved = try WorkflowSnapshot(
      jsonData: Data(try #require(folder.contents(of: "state.json")).utf8))
    #expect(saved == (try session.host.snapshot()))
    #expect(folder.contents(of: "state.json")?.contains(#""count" : 3"#) == true)
  }
}
