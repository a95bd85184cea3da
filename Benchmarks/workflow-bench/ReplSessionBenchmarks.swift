// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Todo
import Workflow

/// The todo app's REPL session driven in process, as a piped session drives it: every command
/// is parsed, applied, rendered, recorded in the history and printed, and the state file is
/// written as the app writes it: a second after the first unsaved change while commands keep
/// coming, and at the end.
///
/// REPL-N starts the app on a state file of N todos and runs N commands that keep the list at
/// N (rounds of ten: add, page, done, edit, rename, save, more, done, delete, page), so the
/// rows show how a command's cost grows with the state; the target is REPL-10k within 3x of
/// REPL-100. Restoring the list and the last save are part of the trial, spread over its N
/// commands as they are over a session's.
/// The state file is on a tmpfs (`/dev/shm`) when there is one, so the rows measure the app's
/// work rather than the disk's `fsync`.
///
/// UNDO-N runs the same sessions with `:undo` in the mix (rounds of ten: add, page, done, undo,
/// edit, rename, save, delete, undo, delete): two commands in ten rewind the host to an earlier
/// step. Its target is the same: UNDO-10k within 3x of UNDO-100.
@MainActor
enum ReplSessionBenchmarks {
  static var scenarios: [Scenario] {
    [
      session(todos: 100, id: "REPL-100"), session(todos: 1_000, id: "REPL-1k"),
      session(todos: 10_000, id: "REPL-10k"),
      session(todos: 100, id: "UNDO-100", undoing: true),
      session(todos: 1_000, id: "UNDO-1k", undoing: true),
      session(todos: 10_000, id: "UNDO-10k", undoing: true),
    ]
  }

  /// `count` commands in rounds of ten; each round adds one todo and deletes one.
  private static func commands(count: Int) -> [String] {
    (1...count / 10).flatMap { round in
      [
        "add todo of round \(round)", "page 1", "done 3", "edit 4", "rename renamed in \(round)",
        "save", "more", "done 25", "delete 30", "page 1",
      ]
    }
  }

  /// `count` commands in rounds of ten, two of them `:undo`; each round adds one todo, takes
  /// back a `done` and a `delete`, and deletes one.
  private static func commandsUndoing(count: Int) -> [String] {
    (1...count / 10).flatMap { round in
      [
        "add todo of round \(round)", "page 1", "done 3", ":undo", "edit 4",
        "rename renamed in \(round)", "save", "delete 30", ":undo", "delete 30",
      ]
    }
  }

  private static func session(todos count: Int, id: String, undoing: Bool = false) -> Scenario {
    let commands = undoing ? commandsUndoing(count: count) : commands(count: count)
    let lastRound = count / 10
    let mix = undoing ? "with :undo" : "autosaved"
    return Scenario(
      id: id,
      title: "todo REPL session of \(count) commands on \(count) todos, \(mix); per command",
      kind: .time(operations: commands.count) {
        let list = stateFileText(todos: count)
        let folder = makeFolder()
        let stateFile = folder.appendingPathComponent("todos.json")
        _ = FileManager.default.createFile(atPath: stateFile.path, contents: Data(list.utf8))
        let app = TerminalApp(name: "todo", workflow: TodoWorkflow(), stateFile: stateFile)
        var printed = 0
        var status: Int32 = -1
        return Scenario.Trial(
          run: { status = app.run(arguments: [], lines: commands) { printed += $0.utf8.count } },
          check: {
            defer { try? FileManager.default.removeItem(at: folder) }
            guard status == 0, printed > 0, let saved = savedList(in: stateFile) else {
              return false
            }
            // With :undo, a round that did not take its first delete back deletes two todos.
            return saved.todos.count == count
              && saved.todos[3].title == "renamed in \(lastRound)"
          })
      })
  }

  /// The state files made so far, by their number of todos: made when a row first runs, not
  /// when the list of scenarios is built (which every run of the benchmark does).
  private static var stateFileTexts: [Int: String] = [:]

  /// A state file of `count` todos, as the app saves one.
  private static func stateFileText(todos count: Int) -> String {
    if let text = stateFileTexts[count] { return text }
    let text = makeStateFileText(todos: count)
    stateFileTexts[count] = text
    return text
  }

  private static func makeStateFileText(todos count: Int) -> String {
    let todos = (1...count).map { #"{"id":\#($0),"isDone":false,"title":"todo number \#($0)"}"# }
    let state = #"{"nextID":\#(count + 1),"todos":[\#(todos.joined(separator: ","))]}"#
    return #"{"formatVersion":1,"root":{"key":"","state":\#(state),"type":"Todo.TodoWorkflow"}}"#
  }

  /// The list in the state file at `url`.
  private static func savedList(in url: URL) -> TodoWorkflow.State? {
    guard let data = FileManager.default.contents(atPath: url.path),
      let state = (try? WorkflowSnapshot(jsonData: data))?.root.state
    else { return nil }
    return try? JSONDecoder().decode(TodoWorkflow.State.self, from: state)
  }

  /// A new folder for one session's state file, on a tmpfs when the machine has one.
  private static func makeFolder() -> URL {
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm")
      ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    let folder = base.appendingPathComponent("workflow-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
