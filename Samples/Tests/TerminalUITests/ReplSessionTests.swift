// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import TestSupport
import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct ReplSessionTests {
  private func makeSession(
    echoesInput: Bool = false, starts: Bool = true
  ) -> (ReplSession<CounterWorkflow>, Transcript) {
    makeCounterSession(echoesInput: echoesInput, starts: starts)
  }

  @Test func printsTheFirstScreenOnStart() {
    let (session, transcript) = makeSession(starts: false)
    session.start(on: transcript.console)
    #expect(transcript.takeText() == "counter\n-------\ncount: 0\n")
  }

  @Test func commandThatChangesStatePrintsTheNewScreen() {
    let (session, transcript) = makeSession()
    #expect(session.handle("inc") == .readLine)
    #expect(transcript.takeText() == "\ncounter\n-------\ncount: 1\n")
    _ = session.handle(#"rename "my counter""#)
    #expect(transcript.takeText() == "\nmy counter\n----------\ncount: 1\n")
  }

  @Test func unchangedScreenIsNotPrintedAgainButAnEmptyLineReprintsIt() {
    let (session, transcript) = makeSession()
    _ = session.handle("add 0")
    #expect(transcript.takeText() == "")
    _ = session.handle("   ")
    #expect(transcript.takeText() == "\ncounter\n-------\ncount: 0\n")
  }

  @Test func echoesEachLineAfterThePromptWhenAskedWithItsControlCharactersMadeVisible() {
    let (session, transcript) = makeSession(echoesInput: true)
    _ = session.handle("add 0\u{1B}[31m\u{7}")
    #expect(transcript.takeText().hasPrefix("counter> add 0^[[31m^G\n"))
  }

  @Test func aOneMegabyteLineGetsAShortAnswer() {
    let (session, transcript) = makeSession(echoesInput: true)
    #expect(session.handle(String(repeating: "x", count: 1 << 20)) == .readLine)
    let lines = transcript.takeText().split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.count < 240 })
    #expect(lines.last?.hasPrefix("unknown command 'xxx") == true)
  }

  @Test func helpListsScreenCommandsThenBuiltIns() {
    let (session, transcript) = makeSession()
    _ = session.handle("help")
    let text = transcript.takeText()
    #expect(
      text.hasPrefix(
        "Commands:\n  inc               Add one.\n  add <amount>      Add an amount.\n"))
    #expect(text.contains("  rename <name...>  Rename.\n"))
    #expect(text.contains("Always available:\n  help"))
    #expect(text.contains("  :trace"))
    #expect(!text.contains("Hidden by the built-in"))
  }

  @Test func unknownCommandSuggestsTheClosestNames() {
    let (session, transcript) = makeSession()
    _ = session.handle("inx")
    #expect(transcript.takeText() == "unknown command 'inx'. Did you mean 'inc'?\n")
    _ = session.handle("qqqqqqqq")
    #expect(
      transcript.takeText() == "unknown command 'qqqqqqqq'. Type 'help' to list the commands.\n")
  }

  @Test func wrongArgumentsPrintTheUsageLine() {
    let (session, transcript) = makeSession()
    _ = session.handle("add")
    #expect(transcript.takeText() == "add: missing argument <amount>\nusage: add <amount>\n")
    _ = session.handle("add many")
    #expect(transcript.takeText() == "add: invalid <amount>: 'many'\nusage: add <amount>\n")
    _ = session.handle("quit now")
    #expect(
      transcript.takeText() == "quit: too many arguments (takes no arguments, got 1)\nusage: quit\n"
    )
  }

  @Test func badQuotingIsReportedAndChangesNothing() {
    let (session, transcript) = makeSession()
    _ = session.handle(#"rename "half"#)
    #expect(transcript.takeText() == "error: unterminated \" quote: close it or escape it\n")
    #expect(session.host.rendering.value.screen.title == "counter")
  }

  @Test func messagesArePrinted() {
    let (session, transcript) = makeSession()
    _ = session.handle("peek")
    #expect(transcript.takeText() == "it is 0\n")
  }

  @Test func quitEndsTheSession() {
    let (session, transcript) = makeSession()
    #expect(session.handle("quit") == .stop)
    #expect(transcript.console.endReason == .finished(status: 0))
    #expect(session.phase == .exiting)
  }

  @Test func theEndOfTheInputEndsTheSessionWithStatusZero() {
    let (session, transcript) = makeSession()
    #expect(session.send(.endOfInput) == .stop)
    #expect(transcript.console.endReason == .finished(status: 0))
  }

  @Test func aSignalEndsTheSessionByItOnceAndASecondChangesNothing() {
    let (session, transcript) = makeSession()
    session.leave(.signal(15))
    session.leave(.signal(1))
    #expect(transcript.console.endReason == .signal(15))
    #expect(session.phase == .exiting)
  }

  @Test func treePrintsTheLiveWorkflowTree() {
    let (session, transcript) = makeSession()
    _ = session.handle(":tree")
    #expect(
      transcript.takeText() == #"CounterWorkflow state=State(count: 0, name: "counter")"# + "\n")
  }

  @Test func screenChangesBetweenCommandsWaitForTheNextCommandWithoutAnAsyncPrinter() {
    let (session, transcript) = makeSession()
    session.host.rendering.value.events.send(.add(5))
    #expect(transcript.takeText() == "")
    #expect(session.hasUnseenScreen)
    _ = session.handle("peek")
    #expect(transcript.takeText() == "it is 5\n\ncounter\n-------\ncount: 5\n")
  }

  @Test func awaitAnswersOnceTheNextScreenComesAndPrintsIt() throws {
    let (session, transcript) = try startSession(
      CounterWorkflow(), transcript: Transcript(width: 40, waitsForScreens: true))
    var reply: InputRequest?
    session.answerLater = { reply = $0 }
    #expect(session.handle(":await") == nil)
    #expect(session.phase == .awaitingScreen)
    session.host.rendering.value.events.send(.add(0))
    #expect(reply == nil, "an unchanged screen ended the wait")
    session.host.rendering.value.events.send(.add(2))
    #expect(reply == .readLine)
    #expect(transcript.takeText() == "\ncounter\n-------\ncount: 2\n")
  }

  @Test func awaitThatTimesOutSaysSoAfterTenSecondsOfItsClock() throws {
    let scheduler = TestScheduler()
    let (session, transcript) = try startSession(
      CounterWorkflow(), transcript: Transcript(width: 40, waitsForScreens: true),
      scheduler: scheduler)
    var reply: InputRequest?
    session.answerLater = { reply = $0 }
    #expect(session.handle(":await") == nil)
    scheduler.advance(by: .milliseconds(9_999))
    #expect(reply == nil)
    scheduler.advance(by: .milliseconds(1))
    #expect(reply == .readLine)
    #expect(transcript.takeText() == "(no new screen)\n")
    // The timer is gone: a later change is shown with the next command, once.
    session.host.rendering.value.events.send(.add(1))
    scheduler.advance(by: .seconds(20))
    #expect(transcript.takeText() == "")
  }

  @Test func aScriptsAwaitEndsAtOnceWithTheScreenOrSaysNoneCame() {
    let (session, transcript) = makeSession()
    #expect(session.handle(":await") == .readLine)
    #expect(transcript.takeText() == "(no new screen)\n")
    session.host.rendering.value.events.send(.add(3))
    #expect(session.handle(":await") == .readLine)
    #expect(transcript.takeText() == "\ncounter\n-------\ncount: 3\n")
  }

  @Test func screenChangesBetweenCommandsAreShownAtOnceOnALiveConsoleOnce() throws {
    let (session, transcript) = try startSession(
      CounterWorkflow(), transcript: Transcript(width: 40, showsScreensBetweenCommands: true))
    session.host.rendering.value.events.send(.add(1))
    session.host.rendering.value.events.send(.add(0))
    #expect(transcript.takeFrames() == ["\ncounter\n-------\ncount: 1\n"])
    _ = session.handle("add 0")
    #expect(transcript.takeFrames().isEmpty, "the unchanged screen was shown again")
  }

  @Test func completionModelOffersScreenCommandsAndBuiltIns() {
    let (session, transcript) = makeSession(starts: false)
    session.start(on: transcript.console)
    #expect(
      transcript.console.completions?.entries.map(\.name) == [
        "inc", "add", "rename", "peek", "help", "quit", "exit", ":q", ":tree", ":trace",
        ":history", ":undo", ":save", ":await",
      ])
    #expect(transcript.console.prompts == ["counter> "])
    #expect(session.completionModel.complete(":tr").candidates == [":trace", ":tree"])
    #expect(session.completionModel.complete(":sa").insertion == "ve ")
    #expect(session.completionModel.complete(":un").insertion == "do ")
  }

  @Test func survivesRandomLines() {
    var (session, _) = makeSession()
    var generator = SplitMix64(seed: 42)
    let alphabet = Array("abcdefghinq :\"'\\\t-0123456789é日\u{0}\u{1B}")
    for _ in 0..<2000 {
      let length = Int(generator.next() % 24)
      let line = String(
        (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      let reply = session.handle(line)
      guard reply != .stop else {
        // A line that quits ends the session; the next lines go to a new one.
        #expect(session.phase == .exiting)
        session = makeSession().0
        continue
      }
      #expect(reply == .readLine, "\(line.debugDescription)")
    }
    #expect(session.handle("help") == .readLine)
  }
}
