// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Workflow
import WorkflowReactive

/// What a session wrote, through the console it runs on.
@MainActor
final class Transcript {
  /// What the console wrote; the console keeps it, so it outlives a transcript let go.
  private final class Written {
    var text = ""
    var frames: [String] = []
  }

  private let written = Written()
  /// The console the session runs on, writing here.
  let console: ScriptConsole

  init(
    style: ReplStyle = ReplStyle(isColored: false), echoesInput: Bool = false, width: Int = 80,
    isInteractive: Bool = false, showsScreensBetweenCommands: Bool = false,
    waitsForScreens: Bool = false
  ) {
    console = ScriptConsole(
      style: style, echoesInput: echoesInput, width: width, isInteractive: isInteractive,
      showsScreensBetweenCommands: showsScreensBetweenCommands, waitsForScreens: waitsForScreens,
      keepsRecords: true
    ) { [written] text in
      written.text += text
      written.frames.append(text)
    }
  }

  /// Everything written and not taken yet.
  var text: String { written.text }

  /// The text written since the last call.
  func takeText() -> String {
    defer { written.text = "" }
    return written.text
  }

  /// The frames written since the last call.
  func takeFrames() -> [String] {
    defer { written.frames = [] }
    return written.frames
  }
}

/// A session of `workflow` on a ``Transcript``'s console, its first screen shown and taken
/// unless `starts` is false (then the test calls `session.start(on: transcript.console)`).
/// Its autosave and `:await` run on `scheduler`, by default one that never moves.
@MainActor
func startSession<W: Workflow>(
  _ workflow: W,
  name: String = "counter",
  restoringFrom restoreFile: String? = nil,
  stateFile: String? = nil,
  traceFile: String? = nil,
  traceEventsFile: String? = nil,
  historyLimit: Int = 100,
  configuration: RuntimeConfiguration = .default,
  transcript: Transcript = Transcript(width: 40),
  scheduler: TestScheduler = TestScheduler(),
  starts: Bool = true
) throws(ReplStartFailure) -> (ReplSession<W>, Transcript) where W.Rendering: TextScreen {
  let session = try ReplSession(
    name: name, workflow: workflow, restoringFrom: restoreFile, stateFile: stateFile,
    traceFile: traceFile, traceEventsFile: traceEventsFile, historyLimit: historyLimit,
    configuration: configuration, screen: { $0 }, scheduler: scheduler)
  if starts {
    session.start(on: transcript.console)
    _ = transcript.takeText()
    _ = transcript.takeFrames()
  }
  return (session, transcript)
}

/// A counter session 40 columns wide, as ``startSession(_:name:restoringFrom:stateFile:traceFile:traceEventsFile:historyLimit:configuration:transcript:scheduler:starts:)``
/// makes it; a session that does not start is a failure of the test's setup.
@MainActor
func makeCounterSession(
  restoringFrom restoreFile: String? = nil,
  stateFile: String? = nil,
  traceFile: String? = nil,
  historyLimit: Int = 100,
  configuration: RuntimeConfiguration = .default,
  echoesInput: Bool = false,
  scheduler: TestScheduler = TestScheduler(),
  starts: Bool = true
) -> (ReplSession<CounterWorkflow>, Transcript) {
  do {
    return try startCounterSession(
      restoringFrom: restoreFile, stateFile: stateFile, traceFile: traceFile,
      historyLimit: historyLimit, configuration: configuration, echoesInput: echoesInput,
      scheduler: scheduler, starts: starts)
  } catch {
    preconditionFailure("the counter session did not start: \(error)")
  }
}

/// A counter session as ``makeCounterSession(restoringFrom:stateFile:traceFile:historyLimit:configuration:echoesInput:scheduler:starts:)``
/// makes it, or the reason it did not start.
@MainActor
func startCounterSession(
  restoringFrom restoreFile: String? = nil,
  stateFile: String? = nil,
  traceFile: String? = nil,
  historyLimit: Int = 100,
  configuration: RuntimeConfiguration = .default,
  echoesInput: Bool = false,
  scheduler: TestScheduler = TestScheduler(),
  starts: Bool = true
) throws(ReplStartFailure) -> (ReplSession<CounterWorkflow>, Transcript) {
  try startSession(
    CounterWorkflow(), restoringFrom: restoreFile, stateFile: stateFile, traceFile: traceFile,
    historyLimit: historyLimit, configuration: configuration,
    transcript: Transcript(echoesInput: echoesInput, width: 40), scheduler: scheduler,
    starts: starts)
}

extension ReplSession {
  /// Hands `event` to the session as the input loop does; returns its reply, or nil when the
  /// reply waits for something (`:await`).
  @discardableResult
  func send(_ event: InputEvent) -> InputRequest? {
    receive(event)
  }

  /// Hands `line` to the session, as read from its input.
  @discardableResult
  func handle(_ line: String) -> InputRequest? {
    send(.line(line))
  }

  /// Tells the session that the input is about to wait, which saves the state file.
  func inputWillWait() {
    send(.inputWillWait)
  }

  /// Handles `line`, then waits for the next one as the app does at its prompt.
  @discardableResult
  func handleThenWait(_ line: String) -> InputRequest? {
    let reply = handle(line)
    inputWillWait()
    return reply
  }
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
