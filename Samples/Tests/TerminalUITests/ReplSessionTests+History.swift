// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

/// `:undo`, `:history` and `:trace`.
@MainActor
@Suite struct ReplSessionHistoryTests {
  @Test func undoAtTheFirstStepSaysThereIsNothingToUndo() {
    let (session, transcript) = makeCounterSession()
    _ = session.handle(":undo")
    #expect(transcript.takeText() == "Nothing to undo.\n")
  }

  @Test func undoGoesBackOneStepAndPrintsTheScreenOfIt() {
    let (session, transcript) = makeCounterSession()
    _ = session.handle("inc")
    _ = session.handle("add 5")
    _ = transcript.takeText()
    _ = session.handle(":undo")
    #expect(
      transcript.takeText()
        == "Undid step 2: AnyWorkflowAction<CounterWorkflow> at CounterWorkflow.\n"
        + "\ncounter\n-------\ncount: 1\n")
    _ = session.handle(":undo")
    #expect(transcript.takeText().hasSuffix("count: 0\n"))
    _ = session.handle(":undo")
    #expect(transcript.takeText() == "Nothing to undo.\n")
  }

  @Test func historyListsTheStepsOldestFirstAndMarksTheCurrentOne() {
    let (session, transcript) = makeCounterSession()
    for _ in 0..<11 { _ = session.handle("inc") }
    _ = session.handle(":undo")
    _ = transcript.takeText()
    _ = session.handle(":history")
    var expected = ["Steps, oldest first (* marks the current one):", "     0  initial"]
    for number in 1...10 {
      let marker = number == 10 ? "*" : " "
      let padded = number < 10 ? " \(number)" : "\(number)"
      expected.append(
        "  \(marker) \(padded)  AnyWorkflowAction<CounterWorkflow> at CounterWorkflow")
    }
    #expect(transcript.takeText() == expected.joined(separator: "\n") + "\n")
  }

  @Test func historySaysWhenOlderStepsWereForgotten() {
    let (session, transcript) = makeCounterSession(historyLimit: 2)
    _ = session.handle("inc")
    _ = session.handle("inc")
    _ = transcript.takeText()
    _ = session.handle(":history")
    #expect(
      transcript.takeText() == """
        Steps, oldest first (* marks the current one):
          (steps before 1 are forgotten: 2 are kept)
            1  AnyWorkflowAction<CounterWorkflow> at CounterWorkflow
          * 2  AnyWorkflowAction<CounterWorkflow> at CounterWorkflow

        """)
  }

  @Test func withoutAHistoryUndoAndHistorySaySo() {
    let (session, transcript) = makeCounterSession(historyLimit: 0)
    _ = session.handle("inc")
    _ = transcript.takeText()
    _ = session.handle(":undo")
    #expect(
      transcript.takeText() == "Nothing to undo: no history is kept (the history limit is 0).\n")
    _ = session.handle(":history")
    #expect(
      transcript.takeText() == "No history is kept (the app runs with a history limit of 0).\n")
  }

  @Test func builtInsWithTheWrongArgumentsPrintTheirUsage() {
    let (session, transcript) = makeCounterSession()
    _ = session.handle(":undo 2")
    #expect(
      transcript.takeText()
        == ":undo: too many arguments (takes no arguments, got 1)\nusage: :undo\n")
    _ = session.handle(":history all")
    #expect(
      transcript.takeText()
        == ":history: too many arguments (takes no arguments, got 1)\nusage: :history\n")
    _ = session.handle(":save")
    #expect(transcript.takeText() == ":save: missing argument <file>\nusage: :save <file>\n")
    _ = session.handle(":save a b")
    #expect(
      transcript.takeText()
        == ":save: too many arguments (takes at most 1 argument, got 2)\nusage: :save <file>\n")
    _ = session.handle(":trace many")
    #expect(
      transcript.takeText()
        == ":trace: invalid [count]: 'many' (1 to 1000)\nusage: :trace [count]\n")
    _ = session.handle(":trace 0")
    #expect(transcript.takeText() == "Count must be between 1 and 1000.\n")
  }

  @Test func helpListsTheBuiltInsWithTheirArguments() {
    let (session, transcript) = makeCounterSession()
    _ = session.handle("help")
    let text = transcript.takeText()
    for usage in [":trace [count]", ":history", ":undo", ":save <file>"] {
      #expect(text.contains("\n  \(usage) "), "help does not list \(usage)")
    }
  }

  @Test func tracePrintsTheLastPassesWithCausesChangesAndRenders() {
    let (session, transcript) = makeCounterSession()
    _ = session.handle("inc")
    _ = session.handle("rename hello")
    _ = session.handle("add 0")
    _ = transcript.takeText()
    _ = session.handle(":trace")
    #expect(
      transcript.takeText() == """
        Render passes 1 to 4 of 4, oldest first:
        #1 initial
          rendered 1: CounterWorkflow
        #2 action at CounterWorkflow
          action AnyWorkflowAction<CounterWorkflow> at CounterWorkflow
            count: 0 -> 1
          rendered 1: CounterWorkflow
        #3 action at CounterWorkflow
          action AnyWorkflowAction<CounterWorkflow> at CounterWorkflow
            name: "counter" -> "hello"
          rendered 1: CounterWorkflow
        #4 action at CounterWorkflow (no render: nothing changed)
          action AnyWorkflowAction<CounterWorkflow> at CounterWorkflow
            (state unchanged)

        """)
    _ = session.handle(":trace 1")
    #expect(transcript.takeText().hasPrefix("Render pass 4 of 4:\n#4 action"))
  }

  @Test func traceKeepsTheLastPassesOnly() {
    let (session, transcript) = makeCounterSession()
    let capacity = ReplSession<CounterWorkflow>.traceCapacity
    for _ in 0..<capacity { _ = session.handle("inc") }
    _ = transcript.takeText()
    _ = session.handle(":trace 1000")
    let text = transcript.takeText()
    let total = capacity + 1
    #expect(text.hasPrefix("Render passes 2 to \(total) of \(total), oldest first:\n#2 "))
    #expect(session.tracer.passes.count == capacity)
  }
}
