// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

/// A filter whose question is answered as the line is typed: each change of the line being
/// edited runs `find` with it at once, and the live region shows the new screen above it. Its
/// state is saved in snapshots, for `:undo`.
private struct FilterWorkflow: SnapshottableWorkflow {
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

  private func query(of session: ReplSession<FilterWorkflow>) -> String {
    session.currentScreen.render(width: 40).first { $0.hasPrefix("query: ") } ?? ""
  }

  private func type(_ line: String, in session: ReplSession<FilterWorkflow>) {
    for end in line.indices.dropFirst() + [line.endIndex] {
      session.typedLineDidChange(String(line[..<end]))
    }
  }

  @Test func aLineAnsweredAsTypedIsOneUndoStepNotOnePerKeystroke() throws {
    let (session, transcript) = try start()
    type("app", in: session)
    session.handle("app")
    type("be", in: session)
    session.handle("be")
    _ = transcript.takeText()
    session.handle(":undo")
    #expect(transcript.takeText().hasPrefix("Undid steps 4 to 5: "))
    #expect(query(of: session) == "query: app")
    session.handle(":undo")
    #expect(query(of: session) == "query: (none)")
    session.handle(":undo")
    #expect(transcript.takeText().hasSuffix("Nothing to undo.\n"))
  }

  @Test func aCommandTypedOverAnAnswerUndoesToBeforeTheLineWasTyped() throws {
    let (session, _) = try start()
    type("app", in: session)
    session.handle("app")
    // `c`, `cl`, ... are answered as typed until the line names `clear`.
    type("clear", in: session)
    session.handle("clear")
    #expect(query(of: session) == "query: (none)")
    session.handle(":undo")
    #expect(query(of: session) == "query: app")
  }

  @Test func keystrokesOfALineThatRunsNoCommandAreUndoneWithTheCommandBeforeThem() throws {
    let (session, transcript) = try start()
    type("app", in: session)
    session.handle("app")
    // Typed, then deleted to type a built-in: the line's keystrokes are no step of their own.
    type("zz", in: session)
    type(":undo", in: session)
    session.typedLineDidChange("")
    _ = transcript.takeText()
    session.handle(":undo")
    #expect(query(of: session) == "query: (none)")
    #expect(transcript.takeText().hasPrefix("Undid steps 1 to "))
  }

  @Test func aQuestionNotAnsweredAsTypedWaitsForEnter() throws {
    let (session, transcript) = try start(asTyped: false)
    session.typedLineDidChange("ap")
    #expect(transcript.takeText().isEmpty)
    session.handle("ap")
    #expect(session.currentScreen.render(width: 40).contains("query: ap"))
  }
}
