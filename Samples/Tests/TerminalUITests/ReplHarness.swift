// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Workflow

/// Collects what a session writes.
final class Transcript {
  var text = ""

  /// The text written since the last call.
  func takeText() -> String {
    defer { text = "" }
    return text
  }
}

/// A counter session 40 columns wide; its first screen was printed and taken unless `starts` is
/// false. Its autosave runs on `clock`, by default one that never moves. A session that does
/// not start is a failure of the test's setup (see
/// ``startCounterSession(restoringFrom:stateFile:traceFile:historyLimit:configuration:echoesInput:clock:starts:)``).
@MainActor
func makeCounterSession(
  restoringFrom restoreFile: String? = nil,
  stateFile: String? = nil,
  traceFile: String? = nil,
  historyLimit: Int = 100,
  configuration: RuntimeConfiguration = .default,
  echoesInput: Bool = false,
  clock: ManualClock? = nil,
  starts: Bool = true
) -> (ReplSession<CounterWorkflow>, Transcript) {
  do {
    return try startCounterSession(
      restoringFrom: restoreFile, stateFile: stateFile, traceFile: traceFile,
      historyLimit: historyLimit, configuration: configuration, echoesInput: echoesInput,
      clock: clock, starts: starts)
  } catch {
    preconditionFailure("the counter session did not start: \(error)")
  }
}

/// A counter session as ``makeCounterSession(restoringFrom:stateFile:traceFile:historyLimit:configuration:echoesInput:clock:starts:)``
/// makes it, or the reason it did not start.
@MainActor
func startCounterSession(
  restoringFrom restoreFile: String? = nil,
  stateFile: String? = nil,
  traceFile: String? = nil,
  historyLimit: Int = 100,
  configuration: RuntimeConfiguration = .default,
  echoesInput: Bool = false,
  clock: ManualClock? = nil,
  starts: Bool = true
) throws(ReplStartFailure) -> (ReplSession<CounterWorkflow>, Transcript) {
  let transcript = Transcript()
  let session = try ReplSession(
    name: "counter", workflow: CounterWorkflow(), restoringFrom: restoreFile,
    stateFile: stateFile, traceFile: traceFile, historyLimit: historyLimit,
    configuration: configuration, screen: { $0 }, echoesInput: echoesInput, width: { 40 },
    write: { transcript.text += $0 }, autosaveClock: (clock ?? ManualClock()).autosaveClock)
  if starts {
    session.start()
    _ = transcript.takeText()
  }
  return (session, transcript)
}

extension ReplSession {
  /// Handles `line`, then waits for the next one as the app does at its prompt, which saves
  /// the state file.
  @discardableResult
  func handleThenWait(_ line: String) -> ReplOutcome {
    let outcome = handle(line)
    inputWillWait()
    return outcome
  }
}

/// Time for the autosave that moves only when a test moves it; the flushes it is asked to
/// schedule run when it reaches their deadline.
@MainActor
final class ManualClock {
  /// The current time.
  var now = ContinuousClock.now
  /// The deadlines of the flushes not run yet, in the order they were scheduled.
  private(set) var pending: [(deadline: ContinuousClock.Instant, flush: @MainActor () -> Void)] =
    []
  let delay: Duration

  init(delay: Duration = .seconds(1)) {
    self.delay = delay
  }

  /// The clock a session is given.
  var autosaveClock: AutosaveClock {
    AutosaveClock(
      delay: delay, now: { self.now },
      schedule: { deadline, flush in self.pending.append((deadline, flush)) })
  }

  /// The deadlines of the flushes not run yet.
  var scheduledDeadlines: [ContinuousClock.Instant] { pending.map(\.deadline) }

  /// Moves the time on by `duration` and runs the flushes that came due, earliest first.
  func advance(by duration: Duration) {
    now += duration
    while let index = pending.indices.filter({ pending[$0].deadline <= now }).min(by: {
      pending[$0].deadline < pending[$1].deadline
    }) {
      pending.remove(at: index).flush()
    }
  }
}

/// Makes `session` show the screens that change between commands at once, as on an
/// interactive terminal, and returns what it wrote since, one string per frame.
@MainActor
func showScreensBetweenCommands<W: Workflow>(of session: ReplSession<W>) -> () -> [String] {
  let frames = Frames()
  session.output = TranscriptOutput(
    style: ReplStyle(isColored: false), echoesInput: false, showsScreensBetweenCommands: true,
    write: { frames.texts.append($0) })
  return { frames.texts }
}

/// The texts a test output was given.
final class Frames {
  var texts: [String] = []
}

/// A fresh folder under the temporary directory, removed when the value goes away.
final class TemporaryFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("terminalui-\(UUID().uuidString)", isDirectory: true).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the folder.
  func file(_ name: String) -> String {
    path + "/" + name
  }

  /// The content of `name`, or nil when there is no such file.
  func contents(of name: String) -> String? {
    FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Writes `text` to `name`.
  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }
}
