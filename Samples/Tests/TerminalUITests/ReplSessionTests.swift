// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import TestSupport
import Testing
import Workflow

@MainActor
@Suite struct ReplSessionTests {
  private func makeSession(
    echoesInput: Bool = false, starts: Bool = true
  ) -> (ReplSession<CounterWorkflow>, Transcript) {
    makeCounterSession(echoesInput: echoesInput, starts: starts)
  }

  @Test func printsTheFirstScreenOnStart() {
    let (session, transcript) = makeSession(starts: false)
    session.start()
    #expect(transcript.takeText() == "counter\n-------\ncount: 0\n")
  }

  @Test func commandThatChangesStatePrintsTheNewScreen() {
    let (session, transcript) = makeSession()
    #expect(session.handle("inc") == .proceed)
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
    #expect(session.handle(String(repeating: "x", count: 1 << 20)) == .proceed)
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
    let (session, _) = makeSession()
    #expect(session.handle("quit") == .quit)
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

  @Test func awaitIsNotifiedOfTheNextScreenAndPrintsIt() {
    let (session, transcript) = makeSession()
    #expect(session.handle(":await") == .awaitScreen)
    var notified = 0
    session.notifyWhenScreenChanges { notified += 1 }
    #expect(notified == 0)
    session.host.rendering.value.events.send(.add(2))
    #expect(notified == 1)
    session.finishAwaiting(timedOut: false)
    #expect(transcript.takeText() == "\ncounter\n-------\ncount: 2\n")
  }

  @Test func awaitThatTimesOutSaysSo() {
    let (session, transcript) = makeSession()
    session.notifyWhenScreenChanges {}
    session.finishAwaiting(timedOut: true)
    #expect(transcript.takeText() == "(no new screen)\n")
  }

  @Test func screenChangesBetweenCommandsGoToTheAsyncPrinterOnce() {
    let (session, _) = makeSession()
    let shown = showScreensBetweenCommands(of: session)
    session.host.rendering.value.events.send(.add(1))
    session.host.rendering.value.events.send(.add(0))
    #expect(shown() == ["\ncounter\n-------\ncount: 1\n"])
    _ = session.handle("add 0")
    #expect(shown().count == 1, "the unchanged screen was shown again")
  }

  @Test func completionModelOffersScreenCommandsAndBuiltIns() {
    let (session, _) = makeSession(starts: false)
    var models: [CompletionModel] = []
    var prompts: [String] = []
    session.screenDidChange = {
      models.append($0)
      prompts.append($1)
    }
    session.start()
    #expect(
      models.last?.entries.map(\.name) == [
        "inc", "add", "rename", "peek", "help", "quit", "exit", ":q", ":tree", ":trace",
        ":history", ":undo", ":save", ":await",
      ])
    #expect(prompts == ["counter> "])
    #expect(session.completionModel.complete(":tr").candidates == [":trace", ":tree"])
    #expect(session.completionModel.complete(":sa").insertion == "ve ")
    #expect(session.completionModel.complete(":un").insertion == "do ")
  }

  @Test func survivesRandomLines() {
    let (session, _) = makeSession()
    var generator = SplitMix64(seed: 42)
    let alphabet = Array("abcdefghinq :\"'\\\t-0123456789é日\u{0}\u{1B}")
    for _ in 0..<2000 {
      let length = Int(generator.next() % 24)
      let line = String(
        (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      let outcome = session.handle(line)
      #expect(outcome == .proceed || line.contains("quit") || line.contains(":await"))
    }
    #expect(session.handle("help") == .proceed)
  }
}
