// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing
import Workflow
import WorkflowReactive

/// When the state file is written: behind the changes, once a burst of commands is over (the
/// app waits for input), when the first unsaved change is a delay old, and before the app
/// ends; never once per command. The clock is a `TestScheduler` moved by hand, so nothing
/// sleeps.
@MainActor
@Suite struct ReplSessionAutosaveTests {
  private func saved(_ folder: TemporaryFolder) throws -> WorkflowSnapshot {
    try WorkflowSnapshot(jsonData: Data(try #require(folder.contents(of: "state.json")).utf8))
  }

  // MARK: Bursts

  @Test func aBurstOfCommandsIsSavedOnceWhenTheAppWaitsWithTheFinalState() throws {
    let folder = try TemporaryFolder()
    let (session, _) = makeCounterSession(stateFile: folder.file("state.json"))
    for _ in 1...50 { _ = session.handle("inc") }
    #expect(session.stateFileWriteCount == 0)
    #expect(folder.contents(of: "state.json") == nil)
    session.inputWillWait()
    #expect(session.stateFileWriteCount == 1)
    #expect(try saved(folder) == (try session.host.snapshot()))
    #expect(folder.contents(of: "state.json")?.contains(#""count":50"#) == true)
    // Waiting again with nothing new writes nothing.
    session.inputWillWait()
    session.send(.endOfInput)
    #expect(session.stateFileWriteCount == 1)
  }

  @Test func aChangeADelayOldIsSavedByTheFlushAtItsDeadlineInTheMiddleOfABurst() throws {
    let folder = try TemporaryFolder()
    let clock = TestScheduler()
    let (session, _) = makeCounterSession(stateFile: folder.file("state.json"), scheduler: clock)
    _ = session.handle("inc")
    clock.advance(by: .milliseconds(600))
    _ = session.handle("inc")
    #expect(session.stateFileWriteCount == 0)
    // The first unsaved change is a second old: the flush at its deadline saves both.
    clock.advance(by: .milliseconds(400))
    #expect(session.stateFileWriteCount == 1)
    #expect(folder.contents(of: "state.json")?.contains(#""count":2"#) == true)
    // The next change starts a new second, counted from it.
    _ = session.handle("inc")
    clock.advance(by: .milliseconds(900))
    _ = session.handle("inc")
    #expect(session.stateFileWriteCount == 1)
    clock.advance(by: .milliseconds(100))
    #expect(session.stateFileWriteCount == 2)
    #expect(folder.contents(of: "state.json")?.contains(#""count":4"#) == true)
  }

  @Test func aChangeWithNoCommandAfterItIsSavedByTheFlushAtItsDeadline() throws {
    let folder = try TemporaryFolder()
    let clock = TestScheduler()
    let (session, _) = makeCounterSession(stateFile: folder.file("state.json"), scheduler: clock)
    _ = session.handle("inc")
    _ = session.handle("inc")
    clock.advance(by: .milliseconds(999))
    #expect(session.stateFileWriteCount == 0)
    clock.advance(by: .milliseconds(1))
    #expect(session.stateFileWriteCount == 1)
    #expect(folder.contents(of: "state.json")?.contains(#""count":2"#) == true)
    // Nothing else was scheduled: no more writes however long the clock runs.
    clock.advance(by: .seconds(60))
    #expect(session.stateFileWriteCount == 1)
  }

  // MARK: Changes between commands

  @Test func aChangeBetweenCommandsIsSavedAtOnceWhenIdleElseByTheDeadline() throws {
    let folder = try TemporaryFolder()
    let clock = TestScheduler()
    let (session, _) = makeCounterSession(stateFile: folder.file("state.json"), scheduler: clock)
    // Busy: lines are still coming, so a worker's change waits for its deadline.
    _ = session.handle("add 0")
    session.host.rendering.value.events.send(.add(2))
    #expect(session.stateFileWriteCount == 0)
    clock.advance(by: .seconds(1))
    #expect(session.stateFileWriteCount == 1)
    #expect(folder.contents(of: "state.json")?.contains(#""count":2"#) == true)
    // Idle: the app waits for input, so the change is saved as it comes.
    session.inputWillWait()
    session.host.rendering.value.events.send(.add(3))
    #expect(session.stateFileWriteCount == 2)
    #expect(folder.contents(of: "state.json")?.contains(#""count":5"#) == true)
    // A line ends the wait.
    _ = session.handle("inc")
    session.host.rendering.value.events.send(.add(1))
    #expect(session.stateFileWriteCount == 2)
  }

  // MARK: Every way out saves

  @Test func quitSavesAndTellsAFailedSaveInItsOwnFrame() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state.json")
    let (session, _) = makeCounterSession(stateFile: file)
    _ = session.handle("inc")
    #expect(session.handle("quit") == .stop)
    #expect(folder.contents(of: "state.json")?.contains(#""count":1"#) == true)

    let (other, otherTranscript, warning) = try sessionThatCannotSave(in: folder)
    #expect(other.handle("quit") == .stop)
    #expect(otherTranscript.takeText() == warning)
  }

  @Test(arguments: [
    InputEvent.endOfInput, .line("quit"),
  ])
  func theEndOfTheInputAndQuitSaveWhatIsUnsavedAndPrintTheWarningOfAFailure(
    ending: InputEvent
  ) throws {
    let folder = try TemporaryFolder()
    let (session, transcript) = makeCounterSession(stateFile: folder.file("state.json"))
    _ = session.handle("add 6")
    _ = transcript.takeText()
    #expect(session.send(ending) == .stop)
    #expect(folder.contents(of: "state.json")?.contains(#""count":6"#) == true)
    #expect(transcript.takeText() == "")

    let (failing, failingTranscript, warning) = try sessionThatCannotSave(in: folder)
    #expect(failing.send(ending) == .stop)
    #expect(failingTranscript.takeText() == warning)
  }

  @Test func aSignalOrAClosedOutputSavesWhatIsUnsavedBeforeTheAppEnds() throws {
    let folder = try TemporaryFolder()
    let (session, transcript) = makeCounterSession(stateFile: folder.file("state.json"))
    _ = session.handle("add 7")
    session.leave(.signal(15))
    #expect(folder.contents(of: "state.json")?.contains(#""count":7"#) == true)
    #expect(transcript.console.endReason == .signal(15))

    let (failing, failingTranscript, warning) = try sessionThatCannotSave(in: folder)
    failing.leave(.signal(13))
    #expect(failingTranscript.takeText() == warning)
  }

  /// A counter session with an unsaved change whose state file has become a folder, its
  /// transcript so far taken, and the warning a save then gives.
  private func sessionThatCannotSave(
    in folder: TemporaryFolder
  ) throws -> (ReplSession<CounterWorkflow>, Transcript, String) {
    let path = folder.file("gone.json")
    let (session, transcript) = makeCounterSession(stateFile: path)
    _ = session.handle("inc")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    _ = transcript.takeText()
    let warning =
      "warning: could not save the state to \(path): it is a directory, not a regular file;"
      + " the file keeps the last state saved\n"
    return (session, transcript, warning)
  }

  @Test func colonSaveBringsTheStateFileUpToDateToo() throws {
    let folder = try TemporaryFolder()
    let (session, _) = makeCounterSession(stateFile: folder.file("state.json"))
    _ = session.handle("add 8")
    _ = session.handle(":save \(folder.file("copy.json"))")
    #expect(session.stateFileWriteCount == 1)
    #expect(folder.contents(of: "state.json")?.contains(#""count":8"#) == true)
    #expect(
      try WorkflowSnapshot(jsonData: Data(try #require(folder.contents(of: "copy.json")).utf8))
        == (try saved(folder)))
  }

  // MARK: A save that fails

  @Test func aSaveThatFailsWhileTheAppWaitsIsToldOnceWithTheNextFrameAndTheAppGoesOn() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("state.json")
    let (session, transcript) = makeCounterSession(stateFile: file)
    session.handleThenWait("inc")
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
    _ = transcript.takeText()
    // A piped session shows nothing between commands: the failure waits for the next frame.
    session.handleThenWait("inc")
    #expect(transcript.takeText() == "\ncounter\n-------\ncount: 2\n")
    let warning =
      "warning: could not save the state to \(file): it is a directory, not a regular file;"
      + " the file keeps the last state saved\n"
    session.handleThenWait("inc")
    #expect(transcript.takeText() == warning + "\ncounter\n-------\ncount: 3\n")
    // The same failure is not told again; the save is tried again each time.
    for _ in 1...3 { session.handleThenWait("inc") }
    #expect(!transcript.takeText().contains("warning"))
    try FileManager.default.removeItem(atPath: file)
    session.send(.endOfInput)
    #expect(!transcript.takeText().contains("warning"))
    #expect(folder.contents(of: "state.json")?.contains(#""count":6"#) == true)
  }

  // MARK: The schedule

  @Test func theScheduleGoesCleanDirtySavingAndBack() {
    var schedule = AutosaveSchedule(delay: .seconds(1))
    let start = ContinuousClock.now
    #expect(schedule.phase == .clean && schedule.deadline == nil)
    #expect(!schedule.isDue(at: start + .seconds(9)))
    let first = schedule.noteChange(at: start)
    let second = schedule.noteChange(at: start + .milliseconds(500))
    // Only the first unsaved change asks for a flush.
    #expect(first && !second)
    #expect(schedule.deadline == start + .seconds(1))
    #expect(!schedule.isDue(at: start + .milliseconds(999)))
    #expect(schedule.isDue(at: start + .seconds(1)))
    schedule.beginSave()
    #expect(!schedule.isDirty)
    let saved = schedule.endSave(succeeded: true, at: start + .seconds(1))
    #expect(!saved && schedule.phase == .clean)
    // A failed save leaves the changes unsaved, due a delay later.
    _ = schedule.noteChange(at: start + .seconds(2))
    schedule.beginSave()
    let failed = schedule.endSave(succeeded: false, at: start + .seconds(3))
    #expect(!failed && schedule.phase == .dirty(since: start + .seconds(3)))
    // A change that comes during a save is owed a save of its own, with a flush.
    schedule.beginSave()
    let during = schedule.noteChange(at: start + .seconds(4))
    let owed = schedule.endSave(succeeded: true, at: start + .seconds(5))
    #expect(!during && owed)
    #expect(schedule.phase == .dirty(since: start + .seconds(4)))
  }
}
