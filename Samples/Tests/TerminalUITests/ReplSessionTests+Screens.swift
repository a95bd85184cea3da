// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing
import Workflow

/// What the session shows: text from users and files made visible, notices once, the prompt's
/// path, the built-ins a person or a script needs, and the screen built once per rendering.
@MainActor
@Suite struct ReplSessionScreenTests {
  // MARK: Hostile text

  @Test(arguments: [
    "\u{1B}]0;pwned\u{7}", "\u{1B}]52;c;cm0gLXJmIH4=\u{7}", "\u{1B}[2J\u{1B}[H", "\u{9B}31m",
  ])
  func escapeSequencesInATitleAreShownAsText(title: String) {
    let (session, transcript) = makeCounterSession(echoesInput: true)
    _ = session.handle("rename x\(title)y")
    let text = transcript.takeText()
    #expect(!text.contains("\u{1B}"))
    #expect(!text.contains("\u{9B}"))
    #expect(text.contains("\nx" + TextLayout.visible(title) + "y\n"))
  }

  @Test func aCraftedRestoreFileShowsItsTextInsteadOfObeyingIt() throws {
    let folder = try TemporaryFolder()
    let name = "\u{1B}]0;owned\u{7}\u{1B}[2Jcounter"
    let (saver, _) = makeCounterSession()
    _ = saver.handle("rename \(name.replacingOccurrences(of: " ", with: "\\ "))")
    try saver.host.snapshot().jsonData().write(to: URL(fileURLWithPath: folder.file("evil.json")))
    let (session, transcript) = makeCounterSession(
      restoringFrom: folder.file("evil.json"), starts: false)
    session.start(on: transcript.console)
    let text = transcript.takeText()
    #expect(text.hasPrefix("^[]0;owned^G^[[2Jcounter\n"))
    #expect(!text.contains("\u{1B}"))
  }

  @Test func aFileNameWithEscapesInAWarningOrAFailureShowsThemAsText() throws {
    let (session, transcript) = makeCounterSession(
      traceFile: "/nonexistent/\u{1B}[2J.jsonl", starts: false)
    session.start(on: transcript.console)
    let text = transcript.takeText()
    #expect(text.hasPrefix("warning: cannot write the trace to /nonexistent/^[[2J.jsonl: "))
    #expect(!text.contains("\u{1B}"))
    #expect(throws: ReplStartFailure.self) {
      try startCounterSession(restoringFrom: "/nonexistent/\u{1B}[2J.json")
    }
    do {
      _ = try startCounterSession(restoringFrom: "/nonexistent/\u{1B}[2J.json")
    } catch {
      #expect(error.description.hasPrefix("cannot restore from /nonexistent/^[[2J.json: "))
      #expect(!error.description.contains("\u{1B}"))
    }
  }

  @Test func theSessionsOwnStylesStillColourItsOutput() throws {
    let (session, transcript) = try startSession(
      CounterWorkflow(), transcript: Transcript(style: ReplStyle(isColored: true)), starts: false)
    session.start(on: transcript.console)
    #expect(transcript.takeText().hasPrefix("\u{1B}[1mcounter\u{1B}[0m\n"))
    _ = session.handle("rename \u{1B}[31mred")
    #expect(transcript.takeText().contains("\u{1B}[1m^[[31mred\u{1B}[0m\n"))
    _ = session.handle("nosuch")
    #expect(transcript.takeText().hasPrefix("\u{1B}[31munknown command 'nosuch'."))
  }

  // MARK: Replies and notices

  @Test func aRefusalIsARedLineOfTheReplyAndNotOnTheNextScreen() throws {
    let (session, transcript) = try startSession(
      NoticeWorkflow(), name: "notes", transcript: Transcript(style: ReplStyle(isColored: true)))
    _ = session.handle("refuse")
    #expect(transcript.takeText() == "\u{1B}[31mNot now.\u{1B}[0m\n")
    _ = session.handle("note one")
    #expect(!transcript.takeText().contains("Not now."))
  }

  @Test func aNoticeIsPrintedOnceInTheTranscriptAndNeverAsPartOfTheScreen() {
    let (session, transcript) = makeNoticeSession()
    _ = session.handle("note tea is ready")
    #expect(transcript.takeText() == "tea is ready\n\nNotes\n-----\n1 notes\n")
    _ = session.handle("")
    #expect(transcript.takeText() == "\nNotes\n-----\n1 notes\n")
    _ = session.handle("touch")
    #expect(transcript.takeText() == "\nNotes\n-----\n1 notes, touched\n")
    _ = session.handle("note tea is ready")
    #expect(transcript.takeText() == "tea is ready\n\nNotes\n-----\n2 notes, touched\n")
  }

  @Test func aNoticeThatArrivesBetweenCommandsIsShownWithTheScreen() {
    let (session, transcript) = makeNoticeSession(showsScreensBetweenCommands: true)
    session.host.rendering.value.sink.send(.note("time is up"))
    #expect(transcript.takeFrames() == ["time is up\n\nNotes\n-----\n1 notes\n"])
  }

  @Test func aNoticeRestoredFromASnapshotIsNotToldAgain() throws {
    let folder = try TemporaryFolder()
    let (saver, _) = makeNoticeSession()
    _ = saver.handle("note old news")
    _ = saver.handle(":save \(folder.file("notes.json"))")
    let (session, transcript) = try startSession(
      NoticeWorkflow(), name: "notes", restoringFrom: folder.file("notes.json"),
      transcript: Transcript(), starts: false)
    session.start(on: transcript.console)
    #expect(transcript.takeText() == "Notes\n-----\n1 notes\n")
  }

  private func makeNoticeSession(
    showsScreensBetweenCommands: Bool = false
  ) -> (ReplSession<NoticeWorkflow>, Transcript) {
    // Without a restore or state file, a session always starts.
    try! startSession(
      NoticeWorkflow(), name: "notes",
      transcript: Transcript(showsScreensBetweenCommands: showsScreensBetweenCommands))
  }

  // MARK: Prompt and built-ins

  @Test func thePromptNamesWhereTheScreenSaysTheUserIs() throws {
    let (session, transcript) = try startSession(
      PlaceWorkflow(), name: "samples", transcript: Transcript(echoesInput: true))
    #expect(session.prompt == "samples> ")
    _ = session.handle("go todo")
    #expect(session.prompt == "samples/todo> ")
    _ = session.handle("go \u{1B}x")
    #expect(transcript.text.contains("samples/todo> go ^[x\n"))
    #expect(session.prompt == "samples/^[x> ")
  }

  @Test func exitAndColonQLeaveLikeQuit() {
    for word in ["quit", "exit", ":q"] {
      let (session, _) = makeCounterSession()
      #expect(session.handle(word) == .stop, "\(word)")
    }
  }

  @Test func helpExplainsAnEmptyLineAndListsQuitOnce() {
    let (session, transcript) = makeCounterSession()
    _ = session.handle("help")
    let text = transcript.takeText()
    #expect(text.hasSuffix("Enter on an empty line shows the screen again.\n"))
    #expect(text.contains("  quit              Leave the app (so do 'exit', ':q' and Ctrl-D).\n"))
    #expect(!text.contains("  exit "))
    #expect(text.contains("  :await "))
  }

  @Test func awaitIsOfferedToScriptsOnly() throws {
    let (session, transcript) = try startSession(
      CounterWorkflow(), transcript: Transcript(width: 40, isInteractive: true))
    _ = session.handle("help")
    #expect(!transcript.takeText().contains(":await"))
    #expect(!session.completionModel.entries.map(\.name).contains(":await"))
    #expect(session.completionModel.complete("ex").insertion == "it ")
    let (script, _) = makeCounterSession()
    #expect(script.completionModel.entries.map(\.name).contains(":await"))
  }

  // MARK: Work per rendering

  @Test func eachRenderingIsMadeIntoAScreenAndLaidOutOnce() throws {
    let counts = CountingScreen.Counts()
    let transcript = Transcript()
    let session = try ReplSession(
      name: "count", workflow: CountingWorkflow(counts: counts),
      screen: { rendering in
        counts.values.screens += 1
        return rendering
      })
    session.start(on: transcript.console)
    // Its commands are asked for only when needed (nothing completes here).
    #expect(counts.values == CountingScreen.Counts.Values(screens: 1, renders: 1, commands: 0))
    _ = session.handle("bump")
    #expect(counts.values == CountingScreen.Counts.Values(screens: 2, renders: 2, commands: 1))
    // The new screen's commands are asked for once, however many lines use them, and an
    // unchanged screen is neither made nor laid out again.
    _ = session.handle("help")
    _ = session.handle("nosuch")
    _ = session.handle("")
    #expect(session.hasUnseenScreen == false)
    _ = session.completionModel
    #expect(counts.values == CountingScreen.Counts.Values(screens: 2, renders: 2, commands: 2))
  }
}

// MARK: Test workflows

/// Notes that are notices: `note <text>` makes a new one, `touch` changes the screen only.
struct NoticeWorkflow: SnapshottableWorkflow {
  struct State: Codable, Equatable {
    var latest: Notice?
    var isTouched = false
  }

  enum Event {
    case note(String)
    case touch
  }

  struct Rendering: TextScreen {
    var screen: Screen
    var sink: Sink<Event>
    var title: String { screen.title }
    var commands: [Command] { screen.commands }
    var notices: [Notice] { screen.notices }
    func render(width: Int) -> [String] { screen.render(width: width) }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> Rendering {
    let sink = context.makeSink(of: Event.self) { event, state in
      switch event {
      case .note(let text): state.latest = Notice(id: (state.latest?.id ?? 0) + 1, text: text)
      case .touch: state.isTouched = true
      }
      return nil
    }
    let count = state.latest?.id ?? 0
    let screen = Screen(
      title: "Notes", body: ["\(count) notes" + (state.isTouched ? ", touched" : "")],
      commands: [
        Command("note", argument: .text("text"), help: "", to: sink.contraMap(Event.note)),
        Command("touch", help: "", sending: .touch, to: sink),
        Command("refuse", help: "") { _ in .refused("Not now.") },
      ], notices: state.latest.map { [$0] } ?? [])
    return Rendering(screen: screen, sink: sink)
  }
}

/// A screen whose prompt path is the place last gone to.
struct PlaceWorkflow: Workflow {
  typealias State = String

  struct Rendering: TextScreen {
    var place: String
    var commands: [Command]
    var title: String { "Places" }
    var promptPath: [String] { place.isEmpty ? [] : [place] }
    func render(width: Int) -> [String] { ["Places", "------"] }
  }

  func makeInitialState() -> String { "" }

  func render(state: String, context: RenderContext<Self>) -> Rendering {
    let sink = context.makeSink(of: String.self) { place, state in
      state = place
      return nil
    }
    return Rendering(
      place: state, commands: [Command("go", argument: Argument("place"), help: "", to: sink)])
  }
}

/// A screen that counts how often it is laid out and asked for its commands (and the session's
/// `screen` closure, how often one is made).
struct CountingScreen: TextScreen {
  final class Counts {
    struct Values: Equatable {
      var screens = 0
      var renders = 0
      var commands = 0
    }
    var values = Values()
  }

  let counts: Counts
  let number: Int
  let bump: Command

  var title: String { "Count" }
  var commands: [Command] {
    counts.values.commands += 1
    return [bump]
  }
  func render(width: Int) -> [String] {
    counts.values.renders += 1
    return ["Count", "-----", "\(number)"]
  }
}

/// A counter whose rendering is turned into a ``CountingScreen`` by the session.
struct CountingWorkflow: Workflow {
  typealias State = Int
  let counts: CountingScreen.Counts

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<Self>) -> CountingScreen {
    let sink = context.makeSink(of: Int.self) { amount, state in
      state += amount
      return nil
    }
    return CountingScreen(
      counts: counts, number: state, bump: Command("bump", help: "", sending: 1, to: sink))
  }
}
