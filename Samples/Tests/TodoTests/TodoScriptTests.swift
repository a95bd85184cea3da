// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Todo

/// The todo app driven in process as `TerminalApp.run(arguments:lines:output:)`'s doc comment
/// shows it (the lines of the example are compiled here; change both together).
@MainActor
@Suite struct TodoScriptTests {
  @Test func theDocCommentsScriptAddsAndFinishesATodo() {
    var transcript = ""
    let app = TerminalApp(name: "todo", workflow: TodoWorkflow())
    let status = app.run(arguments: [], lines: ["add milk", "done 1"]) {
      transcript += $0
    }
    #expect(status == 0)
    #expect(transcript.contains("todo> add milk\n"))
    #expect(transcript.contains("todo> done 1\n"))
    #expect(transcript.hasSuffix("1. [x] milk\n"))
  }
}
