// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Todo
import Workflow

/// The todo app's REPL session driven in process, as a piped session would drive it: every
/// command is parsed, applied, rendered, recorded in the history, autosaved and printed.
///
/// A session of N `add` commands grows the list to N todos, so the rows show how a command's
/// cost grows with the state; the target is REPL-10k within 3x of REPL-100. The state file is
/// on a tmpfs (`/dev/shm`) when there is one, so the rows measure the app's work rather than the
/// disk's `fsync`.
@MainActor
enum ReplSessionBenchmarks {
  static var scenarios: [Scenario] {
    [
      session(commands: 100, id: "REPL-100"), session(commands: 1_000, id: "REPL-1k"),
      session(commands: 10_000, id: "REPL-10k"),
    ]
  }

  private static func session(commands: Int, id: String) -> Scenario {
    let lines = (1...commands).map { "add todo number \($0)" }
    return Scenario(
      id: id,
      title: "todo REPL session of \(commands) adds in process, autosaved; per command",
      kind: .time(operations: commands) {
        let folder = makeFolder()
        let stateFile = folder.appendingPathComponent("todos.json")
        let app = TerminalApp(name: "todo", workflow: TodoWorkflow(), stateFile: stateFile)
        var printed = 0
        var status: Int32 = -1
        return Scenario.Trial(
          run: {
            status = app.run(arguments: [], lines: lines) { printed += $0.utf8.count }
          },
          check: {
            defer { try? FileManager.default.removeItem(at: folder) }
            guard status == 0, printed > 0,
              let data = FileManager.default.contents(atPath: stateFile.path),
              let snapshot = try? WorkflowSnapshot(jsonData: data),
              let state = snapshot.root.state,
              let list = try? JSONDecoder().decode(TodoWorkflow.State.self, from: state)
            else { return false }
            return list.todos.count == commands
              && list.todos.last?.title == lines.last?.dropFirst(4).description
          })
      })
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
