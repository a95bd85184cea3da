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
/// false. A session that does not start is a failure of the test's setup (see
/// ``startCounterSession(restoringFrom:stateFile:traceFile:historyLimit:configuration:echoesInput:starts:)``).
@MainActor
func makeCounterSession(
  restoringFrom restoreFile: String? = nil,
  stateFile: String? = nil,
  traceFile: String? = nil,
  historyLimit: Int = 100,
  configuration: RuntimeConfiguration = .default,
  echoesInput: Bool = false,
  starts: Bool = true
) -> (ReplSession<CounterWorkflow>, Transcript) {
  do {
    return try startCounterSession(
      restoringFrom: restoreFile, stateFile: stateFile, traceFile: traceFile,
      historyLimit: historyLimit, configuration: configuration, echoesInput: echoesInput,
      starts: starts)
  } catch {
    preconditionFailure("the counter session did not start: \(error)")
  }
}

/// A counter session as ``makeCounterSession(restoringFrom:stateFile:traceFile:historyLimit:configuration:echoesInput:starts:)``
/// makes it, or the reason it did not start.
@MainActor
func startCounterSession(
  restoringFrom restoreFile: String? = nil,
  stateFile: String? = nil,
  traceFile: String? = nil,
  historyLimit: Int = 100,
  configuration: RuntimeConfiguration = .default,
  echoesInput: Bool = false,
  starts: Bool = true
) throws(ReplStartFailure) -> (ReplSession<CounterWorkflow>, Transcript) {
  let transcript = Transcript()
  let session = try ReplSession(
    name: "counter", workflow: CounterWorkflow(), restoringFrom: restoreFile,
    stateFile: stateFile, traceFile: traceFile, historyLimit: historyLimit,
    configuration: configuration, screen: { $0 }, echoesInput: echoesInput, width: { 40 },
    write: { transcript.text += $0 })
  if starts {
    session.start()
    _ = transcript.takeText()
  }
  return (session, transcript)
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
