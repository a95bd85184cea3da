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

/// The autosaved state file: written when the app waits after a change, restored at start,
/// never lost (moved aside when it cannot be used), held by one session at a time. When it is
/// written during bursts has its own suite.
@MainActor
@Suite struct ReplSessionStateFileTests {
  private let counterScreen = "counter\n-------\ncount: 0\n"

  private func saved(_ folder: TemporaryFolder, _ name: String) throws -> WorkflowSnapshot {
    try WorkflowSnapshot(jsonData: Data(try #require(folder.contents(of: name)).utf8))
  }

  // MARK: Saving and restoring

  @Test func stateFileIsWrittenWhenTheAppWaitsAndRestoredByTheNextSession() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state/app/state.json")
    do {
      let (session, transcript) = makeCounterSession(stateFile: file)
      #expect(folder.contents(of: "state/app/state.json") == nil)
      _ = session.handle("inc")
      _ = session.handle("inc")
      #expect(folder.contents(of: "state/app/state.json") == nil)
      session.inputWillWait()
      #expect(!transcript.takeText().contains("warning"))
      #expect(try saved(folder, "state/app/state.json") == (try session.host.snapshot()))
    }
    let (next, nextTranscript) = makeCounterSession(stateFile: file, starts: false)
    next.start(on: nextTranscript.console)
    #expect(nextTranscript.takeText() == "counter\n-------\ncount: 2\n")
  }

  @Test func theSavedFileIsTheSnapshotTheHistoryTookOfTheStep() throws {
    let folder = try TemporaryFolder()
    let (session, _) = makeCounterSession(stateFile: folder.file("state.json"))
    session.handleThenWait("add 7")
    let step = try #require(session.host.history.last)
    #expect(step.number == 1)
    #expect(try saved(folder, "state.json") == step.snapshot)
    // Without a history the session takes the snapshot itself.
    let (plain, _) = makeCounterSession(stateFile: folder.file("plain.json"), historyLimit: 0)
    plain.handleThenWait("add 7")
    #expect(try saved(folder, "plain.json") == (try plain.host.snapshot()))
  }

  @Test func stateFileIsWrittenOnlyWhenTheSnapshotChanged() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state.json")
    // Renders even when nothing changed, so that renderings with an unchanged snapshot arrive.
    let (session, _) = makeCounterSession(
      stateFile: file,
      configuration: RuntimeConfiguration(skipsRenderWhenStateIsUnchanged: false))
    let renders = session.tracer.totals.passes
    session.handleThenWait("add 0")
    #expect(session.tracer.totals.passes == renders + 1)
    #expect(folder.contents(of: "state.json") == nil)
    session.handleThenWait("inc")
    #expect(folder.contents(of: "state.json") != nil)
    try FileManager.default.removeItem(atPath: file)
    session.handleThenWait("add 0")
    #expect(folder.contents(of: "state.json") == nil)
    // A batch that changed nothing is no step: one undo goes back before "inc".
    session.handleThenWait(":undo")
    #expect(folder.contents(of: "state.json")?.contains(#""count":0"#) == true)
  }

  @Test func aChangeBetweenCommandsIsSavedAtOnceWhileTheAppWaitsForInput() throws {
    let folder = try TemporaryFolder()
    let (session, _) = makeCounterSession(stateFile: folder.file("state.json"))
    session.inputWillWait()
    session.host.rendering.value.events.send(.add(4))
    #expect(folder.contents(of: "state.json")?.contains(#""count":4"#) == true)
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
    session.start(on: transcript.console)
    #expect(transcript.takeText() == "counter\n-------\ncount: 2\n")
    session.handleThenWait("inc")
    #expect(try saved(folder, "state.json") == (try session.host.snapshot()))
    #expect(folder.contents(of: "state.json")?.contains(#""count":3"#) == true)
  }

  // MARK: Files that cannot be used are kept

  @Test func brokenStateFileIsMovedAsideAndASecondOneNeverReplacesTheFirstBackup() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state.json")
    try folder.write("not json", to: "state.json")
    do {
      let (session, transcript) = makeCounterSession(stateFile: file, starts: false)
      session.start(on: transcript.console)
      let text = transcript.takeText()
      #expect(
        text.hasPrefix("warning: cannot restore from \(file): not a saved workflow snapshot"))
      #expect(
        text.hasSuffix("; moved it to \(file).broken-1 and starting fresh\n" + counterScreen))
      #expect(folder.contents(of: "state.json") == nil)
      session.handleThenWait("inc")
      #expect(folder.contents(of: "state.json") != nil)
    }

    try folder.write(#"{"formatVersion": 1, "root": []}"#, to: "state.json")
    let (second, secondTranscript) = makeCounterSession(stateFile: file, starts: false)
    second.start(on: secondTranscript.console)
    #expect(secondTranscript.takeText().contains("moved it to \(file).broken-2"))
    #expect(folder.contents(of: "state.json.broken-1") == "not json")
    #expect(folder.contents(of: "state.json.broken-2") == #"{"formatVersion": 1, "root": []}"#)
  }

  @Test func stateThatDoesNotDecodeIsMovedAsideBeforeAnythingIsWritten() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state.json")
    let (maker, _) = makeCounterSession()
    var snapshot = try maker.host.snapshot()
    snapshot.root.state = Data(#"{"count": "3", "name": "kept"}"#.utf8)
    let content = String(decoding: try snapshot.jsonData(), as: UTF8.self)
    try folder.write(content, to: "state.json")

    let (session, transcript) = makeCounterSession(stateFile: file, starts: false)
    session.start(on: transcript.console)
    let lines = transcript.takeText().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0].hasPrefix("warning: skipped the saved state of CounterWorkflow: the saved"))
    #expect(
      lines[1]
        == "warning: not all of \(file) could be used; moved it to \(file).broken-1"
        + " and going on without it")
    #expect(lines[2...].joined(separator: "\n") == counterScreen)
    #expect(folder.contents(of: "state.json.broken-1") == content)
    session.handleThenWait("inc")
    #expect(folder.contents(of: "state.json.broken-1") == content)
  }

  @Test func brokenStateFileThatCannotBeMovedAsideIsLeftAloneAndNotSavedOver() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("ro"), withIntermediateDirectories: false)
    try folder.write("not json", to: "ro/state.json")
    let readOnly = try ReadOnlyFolder(folder.file("ro"))
    let file = folder.file("ro/state.json")
    let (session, transcript) = makeCounterSession(stateFile: file, starts: false)
    session.start(on: transcript.console)
    let text = transcript.takeText()
    #expect(text.contains("warning: cannot save the state to \(file): "))
    #expect(text.contains("this session will not be saved"))
    #expect(text.contains(", nor move it aside: "))
    #expect(text.hasSuffix("; starting fresh without saving, to keep it\n" + counterScreen))
    session.handleThenWait("inc")
    session.send(.endOfInput)
    #expect(folder.contents(of: "ro/state.json") == "not json")
    _ = readOnly
  }

  @Test func aStateFileThatIsAFIFOOrADeviceIsRefusedAndNothingIsCreatedBesideIt() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for (file, kind) in [(fifo, "a FIFO"), ("/dev/full", "a character device")] {
      let (session, transcript) = makeCounterSession(stateFile: file, starts: false)
      session.start(on: transcript.console)
      #expect(
        transcript.takeText()
          == "warning: cannot use \(file) as the state file: it is \(kind), not a regular file;"
          + " this session will not be saved\n" + counterScreen)
      session.handleThenWait("inc")
      session.send(.endOfInput)
      #expect(!transcript.takeText().contains("warning"))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["fifo"])
    #expect(!FileAccess.exists("/dev/full.lock"))
  }

  @Test func aStateFileInAFolderThatCannotBeMadeWarnsOnceAndTheAppGoesOn() throws {
    let folder = try TemporaryFolder()
    try folder.write("a file, not a folder", to: "blocker")
    let file = folder.file("blocker/state.json")
    let (session, transcript) = makeCounterSession(stateFile: file, starts: false)
    session.start(on: transcript.console)
    #expect(
      transcript.takeText()
        == "warning: cannot save the state to \(file): Not a directory;"
        + " this session will not be saved\n" + counterScreen)
    session.handleThenWait("inc")
    session.send(.endOfInput)
    #expect(transcript.takeText() == "\ncounter\n-------\ncount: 1\n")
  }

  @Test func aSaveThatFailsWarnsOnceWithTheScreenAndKeepsTheLastFile() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state.json")
    let (session, transcript) = try startSession(
      CounterWorkflow(), stateFile: file,
      transcript: Transcript(width: 40, showsScreensBetweenCommands: true))
    session.handleThenWait("inc")
    let kept = try #require(folder.contents(of: "state.json"))
    // Something takes the file's place: every save now fails.
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
    _ = transcript.takeFrames()
    session.host.rendering.value.events.send(.add(1))
    let warning =
      "warning: could not save the state to \(file): it is a directory, not a regular file;"
      + " the file keeps the last state saved\n"
    #expect(transcript.takeFrames() == [warning + "\ncounter\n-------\ncount: 2\n"])
    // The same failure again is not told again.
    session.handleThenWait("inc")
    #expect(transcript.takeFrames() == ["\ncounter\n-------\ncount: 3\n"])
    try FileManager.default.removeItem(atPath: file)
    try folder.write(kept, to: "state.json")
    session.handleThenWait("inc")
    #expect(folder.contents(of: "state.json")?.contains(#""count":4"#) == true)
  }

  // MARK: One session per file

  @Test func aSecondSessionOnTheFileDoesNotStartUntilTheFirstIsGone() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state.json")
    var first: ReplSession<CounterWorkflow>? = makeCounterSession(stateFile: file).0
    first?.handleThenWait("inc")
    #expect(throws: ReplStartFailure.self) { try startCounterSession(stateFile: file) }
    do {
      _ = try startCounterSession(stateFile: file)
    } catch {
      #expect(
        error
          == .stateFileInUse(file: file, reason: "it is in use by another process (\(getpid()))"))
      #expect(error.exitStatus == 1)
    }
    #expect(folder.contents(of: "state.json")?.contains(#""count":1"#) == true)
    weak let released = first
    first = nil
    #expect(released == nil)
    let (next, transcript) = makeCounterSession(stateFile: file, starts: false)
    next.start(on: transcript.console)
    #expect(transcript.takeText() == "counter\n-------\ncount: 1\n")
  }

  @Test func leftoversOfAKilledSaveAreRemovedAtStart() throws {
    let folder = try TemporaryFolder()
    let dead = try #require(FileAccessTests.unusedProcessID())
    try folder.write("{\"torn", to: "state.json.tmp-\(dead)")
    let (_, transcript) = makeCounterSession(stateFile: folder.file("state.json"), starts: false)
    #expect(!FileAccess.exists(folder.file("state.json.tmp-\(dead)")))
    #expect(!transcript.takeText().contains("warning"))
  }

  @Test func aSymbolicLinkAsTheStateFileIsFollowed() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("real"), withIntermediateDirectories: false)
    #expect(symlink("real/state.json", folder.file("state.json")) == 0)
    let (session, _) = makeCounterSession(stateFile: folder.file("state.json"))
    session.handleThenWait("inc")
    var info = stat()
    #expect(lstat(folder.file("state.json"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    #expect(folder.contents(of: "real/state.json")?.contains(#""count":1"#) == true)
    // The lock and the temporary files live beside the file the link points at.
    #expect(FileAccess.exists(folder.file("real/state.json.lock")))
    #expect(!FileAccess.exists(folder.file("state.json.lock")))
  }
}
