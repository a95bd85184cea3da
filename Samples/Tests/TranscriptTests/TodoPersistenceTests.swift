// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// The todo app keeps its host's snapshot in its state file: a second launch starts where the
/// first one left off, the open editor and its unsaved draft included.
@Suite struct TodoPersistenceTests {
  @Test func aSecondLaunchStartsWhereTheFirstLeftOff() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-state-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let stateFile = folder.appendingPathComponent("nested/todos.json")
    let todo = SampleProcess(app: "todo")
    let variables = ["TODO_FILE": stateFile.path]

    let first = try await todo.run(
      input: Data("add buy milk\nadd call mum\ndone 2\nedit 1\nrename oat milk\nquit\n".utf8),
      variables: variables)
    #expect(first.exitedNormally && first.status == 0)
    let saved = try Data(contentsOf: stateFile)
    let json = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
    #expect((json["root"] as? [String: Any])?["type"] as? String == "Todo.TodoWorkflow")

    let second = try await todo.run(input: Data("back\nquit\n".utf8), variables: variables)
    #expect(second.exitedNormally && second.status == 0)
    #expect(!second.text.contains("warning:"), "restoring printed a warning:\n\(second.text)")
    // The editor comes back open on its draft; leaving it shows the saved list.
    let lines = second.text.split(separator: "\n").map(String.init)
    #expect(lines.first == "Todos > oat milk", "\(second.text)")
    #expect(
      lines.contains("1. [ ] buy milk") && lines.contains("2. [x] call mum"), "\(second.text)")
  }

  @Test func aBrokenStateFileIsMovedAsideAndTheAppStartsFresh() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-broken-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let stateFile = folder.appendingPathComponent("todos.json")
    try Data("[{\"id\": 1, \"title\": \"an old list\"}]".utf8).write(to: stateFile)

    let run = try await SampleProcess(app: "todo").run(
      input: Data("add tea\nquit\n".utf8), variables: ["TODO_FILE": stateFile.path])
    #expect(run.exitedNormally && run.status == 0)
    #expect(run.text.contains("warning: cannot restore from \(stateFile.path)"), "\(run.text)")
    #expect(run.text.contains("moved it to \(stateFile.path).broken-1"), "\(run.text)")
    #expect(FileManager.default.fileExists(atPath: stateFile.path + ".broken-1"))
    let saved = try String(contentsOf: stateFile, encoding: .utf8)
    #expect(saved.contains("tea"))
  }
}
