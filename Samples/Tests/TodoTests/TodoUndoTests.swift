// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Todo

/// `:undo` takes back changes, not moves of the view: paging through the list is passed over.
@MainActor
@Suite struct TodoUndoTests {
  @Test func undoPassesOverPageMovesAndTakesBackTheLastAdd() {
    var transcript = ""
    let adds = (1...12).map { "add item \($0)" }
    let status = TerminalApp(name: "todo", workflow: TodoWorkflow())
      .run(arguments: [], lines: adds + ["more", ":undo", ":undo"]) { transcript += $0 }
    #expect(status == 0)
    let replies = transcript.components(separatedBy: "todo> :undo\n").dropFirst().map {
      String($0.prefix { $0 != "\n" })
    }
    // Each `:undo` takes back one add (a step of its own), never the page move alone.
    #expect(replies.count == 2)
    #expect(replies.count == 2 && replies[0].contains("add(\"item 12\")"), "\(replies)")
    #expect(replies.count == 2 && replies[1].contains("add(\"item 11\")"), "\(replies)")
    // The screen after the last reply: items 11 and 12 are gone, item 10 is shown.
    let last = (transcript.components(separatedBy: "todo> :undo\n").last ?? "")
      .drop { $0 != "\n" }
    #expect(!last.contains("item 11") && !last.contains("item 12"), "\(last)")
    #expect(last.contains("10. [ ] item 10"), "\(last)")
  }
}
