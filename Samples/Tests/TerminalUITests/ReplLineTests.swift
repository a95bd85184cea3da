// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

/// A line is split into words once, and the transcript's echo, the history entry and what the
/// line asks for all come from those words.
@MainActor
@Suite struct ReplLineTests {
  private let screen = Screen(
    title: "Sign in", body: [],
    commands: [
      Command("add", arguments: [.text("title")], help: "Add.") { _ in .done },
      Command("login", arguments: [Argument("email"), .secret("password")], help: "Sign in.") {
        _ in .done
      },
      Command("pick", arguments: [.integer("row", in: 1...3)], help: "Pick.") { _ in .done },
    ])

  private func line(_ text: String, isInteractive: Bool = false) -> ReplLine {
    ReplLine(text, typedOn: screen, appName: "app", isInteractive: isInteractive)
  }

  @Test func aLineWithoutSecretsIsEchoedAndKeptAsTyped() {
    let typed = line(#"add "milk and eggs"  now"#)
    #expect(typed.echo == .init(prompt: "app> ", line: #"add "milk and eggs"  now"#))
    #expect(typed.historyEntry == #"add "milk and eggs"  now"#)
    #expect(typed.request.description == "run(add milk and eggs now)")
  }

  @Test func aSecretIsMaskedInTheEchoAndLeftOutOfTheHistoryWithTheOtherWordsQuotedBack() {
    let typed = line(#"login 'ann x' "it's me""#)
    #expect(typed.echo.line == #"login ann\ x ••••••"#)
    #expect(typed.historyEntry == #"login ann\ x"#)
    #expect(typed.request.description == "run(login ann x ••••••)")
  }

  @Test func quotedWordsReadBackAsTheSameWords() {
    for word in ["", "a b", "it's", #"say "hi""#, #"back\slash"#, "tab\there", "plain"] {
      let quoted = CommandLineTokenizer.quoted(word)
      #expect(CommandLineTokenizer.tokenize("x " + quoted) == .success(["x", word]), "\(quoted)")
    }
    #expect(CommandLineTokenizer.quoted("") == "''")
    #expect(CommandLineTokenizer.quoted("a b") == #"a\ b"#)
  }

  @Test func aBlankLineIsNotKeptAndAnUnsplittableOneIsKeptAsTyped() {
    #expect(line("   ").historyEntry == nil)
    #expect(line("   ").request.description == "blank")
    let open = line(#"add "milk"#)
    #expect(open.historyEntry == #"add "milk"#)
    #expect(
      open.request.description == #"malformed(error: unterminated " quote: close it or escape it)"#)
  }

  @Test func builtInsAreCheckedAsCommandsAre() {
    #expect(line(":trace 0").request.description == "answer(Count must be between 1 and 1000.)")
    #expect(
      line(":trace x").request.description
        == "answer(:trace: invalid [count]: 'x' (1 to 1000) / usage: :trace [count])")
    #expect(line(":trace 5").request.description == "run(:trace 5)")
    #expect(
      line(":trace --export t.json").request.description == "run(:trace --export t.json)")
    #expect(
      line(":trace --export").request.description
        == "answer(:trace: --export needs one file / usage: :trace --export FILE)")
    #expect(
      line(":trace --export a b").request.description
        == "answer(:trace: --export needs one file / usage: :trace --export FILE)")
    #expect(line(":q").request.description == "quit")
    #expect(line(":await").request.description == "awaitScreen")
    #expect(
      line("quit now").request.description
        == "answer(quit: too many arguments (takes no arguments, got 1) / usage: quit)")
  }

  @Test func argumentCountsAreCheckedBeforeRunningAndValuesWhenTheCommandRuns() {
    #expect(
      line("pick").request.description
        == "answer(pick: missing argument <row> / usage: pick <row>)")
    // The range is the command's own check, when it runs.
    #expect(line("pick 9").request.description == "run(pick 9)")
  }

  @Test func anUnknownCommandSuggestsTheClosestNamesOfTheScreenAndTheBuiltIns() {
    #expect(
      line("ad").request.description
        == "answer(unknown command 'ad'. Did you mean 'add'?)")
    #expect(
      line(":tre").request.description
        == "answer(unknown command ':tre'. Did you mean ':tree' or ':trace'?)")
  }

  @Test func onlyAPersonIsAskedForASecretAndTheAnswerCompletesTheLine() {
    let asked = line("login ann", isInteractive: true)
    #expect(asked.request.description == "askSecret(Password for login (not shown): )")
    #expect(asked.historyEntry == "login ann")
    let completed = asked.addingSecret("hunter 2")
    #expect(completed?.request.description == "run(login ann ••••••)")
    #expect(completed?.echo.line == "login ann ••••••")
    #expect(line("login ann").addingSecret("x") == nil)
  }

  @Test func aVeryLongLineIsEchoedShort() {
    let typed = line(String(repeating: "y", count: 1 << 16))
    #expect(typed.echo.line.count <= 200)
  }
}
