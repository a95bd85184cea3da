// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `todo --restore FILE` with a file it cannot use as a whole is a typo, not a fresh start: the
/// app says why on standard error and exits with status 2 before anything is touched, so the
/// saved list stays as it was.
@Suite struct RestoreFlagTests {
  private let todo = SampleProcess(app: "todo")

  /// The restore files that must not start the app, and the reason each gives.
  static let badFiles: [(name: String, reason: String)] = [
    ("missing.json", "No such file or directory"),
    ("broken.json", "not a saved workflow snapshot (The given data was not valid JSON."),
    ("foreign.json", "the snapshot was saved from Timers.TimersWorkflow, not Todo.TodoWorkflow"),
    (
      "editor.json",
      "the saved state of Todo.TodoEditorWorkflow could not be decoded: expected an object at draft"
    ),
    ("fifo", "it is a FIFO, not a regular file"),
    ("folder", "it is a directory, not a regular file"),
  ]

  @Test(arguments: badFiles)
  func aBadRestoreExitsWithTwoAndLeavesTheSavedListAsItWas(name: String, reason: String)
    async throws
  {
    let folder = try TestFolder("restore")
    let stateFile = folder.file("state/todos.json")
    let variables = ["TODO_FILE": stateFile]
    let first = try await todo.run(input: Data("add keep me\nquit\n".utf8), variables: variables)
    #expect(first.status == 0)
    let saved = try #require(folder.contents(of: "state/todos.json"))
    let names = try folder.names(in: "state")

    try folder.write("{\"todos\": ", to: "broken.json")
    try folder.write(
      #"{"formatVersion": 1, "root": {"type": "Timers.TimersWorkflow", "key": "", "state": {}}}"#,
      to: "foreign.json")
    try folder.write(
      TodoStateFixture.snapshot(
        state:
          #"{"nextID": 2, "todos": [{"id": 1, "title": "a", "isDone": false}], "editingID": 1}"#,
        children: #"{"type": "Todo.TodoEditorWorkflow", "key": "editor", "state": {"draft": 7}}"#),
      to: "editor.json")
    #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
    try FileManager.default.createDirectory(
      atPath: folder.file("folder"), withIntermediateDirectories: false)

    let result = try await todo.run(
      input: Data("add this would overwrite the list\nquit\n".utf8),
      arguments: ["--restore", name, "--trace", "trace.jsonl"], workingDirectory: folder.url,
      variables: variables)
    #expect(result.exitedNormally && result.status == 2)
    #expect(
      result.text.hasPrefix("todo: cannot restore from \(name): \(reason)"), "\(result.text)")
    #expect(result.text.hasSuffix("; nothing was started or changed\n"), "\(result.text)")
    #expect(!result.text.contains("todo>"), "the app ran anyway")
    #expect(folder.contents(of: "state/todos.json") == saved)
    #expect(try folder.names(in: "state") == names)
    #expect(!FileManager.default.fileExists(atPath: folder.file("trace.jsonl")))
  }

  @Test func aGoodRestoreReplacesTheListAtTheFirstChange() async throws {
    let folder = try TestFolder("restore")
    let variables = ["TODO_FILE": folder.file("todos.json")]
    _ = try await todo.run(input: Data("add old list\nquit\n".utf8), variables: variables)
    try folder.write(TodoStateFixture.list(count: 2), to: "saved.json")
    let result = try await todo.run(
      input: Data("add third\nquit\n".utf8), arguments: ["--restore", "saved.json"],
      workingDirectory: folder.url, variables: variables)
    #expect(result.status == 0)
    #expect(!result.text.contains("warning"))
    #expect(folder.contents(of: "todos.json")?.todoTitles == ["todo 1", "todo 2", "third"])
  }
}
