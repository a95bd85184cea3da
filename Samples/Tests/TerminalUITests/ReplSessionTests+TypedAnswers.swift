// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

/// A filter whose question is answered as the line is typed: each change of the line being
/// edited runs `find` with it at once, and the live region shows the new screen above it.
private struct FilterWorkflow: Workflow {
  var asTyped = true

  func makeInitialState() -> String { "" }

  func render(state: String, context: RenderContext<Self>) -> Screen {
    let sink = context.makeSink(of: String.self) { query, state in
      state = query
      return nil
    }
    return Screen(
      title: "Filter",
      body: ["query: \(state.isEmpty ? "(none)" : state)"],
      commands: [
        Command("find", arguments: [.text("text", isOptional: true)], help: "Find.") { values in
          sink.send(values.first ?? "")
          return .done
        },
        Command("clear", help: "Clear.") { _ in
          sink.send("")
          return .done
        },
      ],
      question: .argumentsOf("find", asTyped: asTyped))
  }
}

@MainActor
@Suite struct ReplSessionTypedAnswerTests {
  private func start(asTyped: Bool = true) throws -> (ReplSession<FilterWorkflow>, Transcript) {
    try startSession(
      FilterWorkflow(asTyped: asTyped), name: "filter",
      transcript: Transcript(
        width: 40, isInteractive: true, showsScreensBetweenCommands: true))
  }

  @Test func eachChangeOfTheTypedLineIsAnsweredAndShownAtOnce() throws {
    let (session, transcript) = try start()
    session.typedLineDidChange("a")
    #expect(transcript.takeText().contains("query: a"))
    session.typedLineDidChange("ap")
    #expect(transcript.takeText().contains("query: ap"))
    // Emptying the line empties the query: `find` can do without its text.
    session.typedLineDidChange("")
    #expect(transcript.takeText().contains("query: (none)"))
  }

  @Test func enteringTheLineAnswersAsAPipedLineDoes() throws {
    let (session, transcript) = try start()
    session.typedLineDidChange("apple")
    _ = transcript.takeText()
    session.handle("apple")
    #expect(session.currentScreen.render(width: 40).contains("query: apple"))
  }

  @Test func aLineNamingACommandOrABuiltInIsNotAnsweredWhileTyped() throws {
    let (session, transcript) = try start()
    for typed in ["clear", "find x", ":tr", ":tree", "help", "quit"] {
      session.typedLineDidChange(typed)
      #expect(!transcript.takeText().contains("query:"), "\(typed)")
    }
    #expect(session.currentScreen.render(width: 40).contains("query: (none)"))
  }

  @Test func aQuestionNotAnsweredAsTypedWaitsForEnter() throws {
    let (session, transcript) = try start(asTyped: false)
    session.typedLineDidChange("ap")
    #expect(transcript.takeText().isEmpty)
    session.handle("ap")
    #expect(session.currentScreen.render(width: 40).contains("query: ap"))
  }
}
