// SPDX-License-Identifier: Apache-2.0

import Search
import TerminalUI
import Testing
import Workflow
import WorkflowReactive

/// On a terminal, search filters as the query is typed; `:undo` takes back a query typed and
/// entered as one change, not keystroke by keystroke.
@MainActor
@Suite struct SearchUndoTests {
  private let scheduler = TestScheduler()

  private func start() throws -> ReplSession<SearchWorkflow> {
    let session = try ReplSession(
      name: "search",
      workflow: SearchWorkflow(
        words: ["apple", "apply", "maple", "banana"], debounce: .milliseconds(300),
        scheduler: scheduler),
      screen: { $0 }, scheduler: scheduler)
    session.start(
      on: ScriptConsole(
        echoesInput: false, isInteractive: true, showsScreensBetweenCommands: true
      ) { _ in })
    return session
  }

  /// Types `query` letter by letter, as the line editor reports it, lets the search run and
  /// enters the line.
  private func enter(_ query: String, in session: ReplSession<SearchWorkflow>) {
    for end in query.indices.dropFirst() + [query.endIndex] {
      session.typedLineDidChange(String(query[..<end]))
    }
    scheduler.advance(by: .milliseconds(300))
    _ = session.receive(.line(query))
    _ = session.receive(.inputWillWait)
  }

  private func shown(_ session: ReplSession<SearchWorkflow>) -> [String] {
    // Under the title and its rule.
    Array(session.currentScreen.render(width: 60).dropFirst(2).prefix(3))
  }

  @Test func undoTakesBackTheLastQueryTypedNotItsLastKeystroke() throws {
    let session = try start()
    enter("ap", in: session)
    enter("ban", in: session)
    #expect(shown(session)[1] == "1 match:")
    _ = session.receive(.line(":undo"))
    #expect(shown(session) == ["Query: ap", "3 matches:", "1. apple"])
    _ = session.receive(.inputWillWait)
    _ = session.receive(.line(":undo"))
    #expect(shown(session)[0] == "Query: (empty)")
  }
}
