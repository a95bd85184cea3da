// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

@Suite struct CommandDispatcherTests {
  private func command(_ name: String, _ arguments: [Argument] = []) -> Command {
    Command(name, arguments: arguments, help: "") { _ in .done }
  }

  private var commands: [Command] {
    [
      command("add", [.text("title")]),
      command("move", [Argument("from"), Argument("to", isOptional: true)]),
      command("list"),
      command("delete", [Argument("index")]),
    ]
  }

  private func resolve(_ words: [String]) -> String {
    switch CommandDispatcher.resolve(words, in: commands) {
    case .run(let command, let arguments): "run \(command.name) \(arguments)"
    case .usageError(let command, let message): "usage \(command.name): \(message)"
    case .unknown(let name, let suggestions): "unknown \(name) \(suggestions)"
    }
  }

  @Test func restOfLineArgumentJoinsTheRemainingWords() {
    #expect(resolve(["add", "buy", "fresh  milk"]) == #"run add ["buy fresh  milk"]"#)
  }

  @Test func optionalArgumentMayBeLeftOut() {
    #expect(resolve(["move", "1"]) == #"run move ["1"]"#)
    #expect(resolve(["move", "1", "2"]) == #"run move ["1", "2"]"#)
  }

  @Test func missingRequiredArgumentIsAUsageError() {
    #expect(resolve(["delete"]) == "usage delete: missing argument <index>")
    #expect(resolve(["add"]) == "usage add: missing argument <title...>")
  }

  @Test func extraWordsAreAUsageError() {
    #expect(
      resolve(["list", "x"]) == "usage list: too many arguments (takes no arguments, got 1)")
    #expect(
      resolve(["move", "1", "2", "3"])
        == "usage move: too many arguments (takes at most 2 arguments, got 3)")
  }

  @Test func unknownNameSuggestsClosestCommands() {
    #expect(resolve(["ad"]) == #"unknown ad ["add"]"#)
    #expect(resolve(["lsit"]) == #"unknown lsit ["list"]"#)
    #expect(resolve(["dele"]) == #"unknown dele ["delete"]"#)
    #expect(resolve(["zzzzzz"]) == "unknown zzzzzz []")
  }

  @Test func suggestionsArePrefixMatchesThenByDistanceAndCappedAtThree() {
    let names = ["start", "stop", "status", "step", "reset"]
    #expect(CommandDispatcher.suggestions(for: "st", among: names) == ["start", "status", "step"])
    #expect(CommandDispatcher.suggestions(for: "rest", among: names) == ["reset"])
  }

  @Test func veryLongNamesGetNoSuggestions() {
    let long = String(repeating: "a", count: 1 << 20)
    #expect(CommandDispatcher.suggestions(for: long, among: ["a"]).isEmpty)
  }

  @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    #expect(editDistance("kitten", "sitting") == 3)
    #expect(editDistance("", "abc") == 3)
    #expect(editDistance("abc", "") == 3)
    #expect(editDistance("same", "same") == 0)
  }

  @Test func usageLineShowsEveryArgumentKind() {
    let command = command("move", [Argument("from"), Argument("to", isOptional: true)])
    #expect(command.usage == "move <from> [to]")
    #expect(Argument.text("note", isOptional: true).usage == "[note...]")
  }

  @Test func convenienceCommandsSendToTheirSinks() {
    var received: [String] = []
    let sink = Sink<String> { received.append($0) }
    #expect(Command("go", help: "", sending: "went", to: sink).perform([]) == .done)
    #expect(
      Command("say", argument: .text("words"), help: "", to: sink).perform(["hi there"]) == .done)
    #expect(
      Command("maybe", argument: Argument("x", isOptional: true), help: "", to: sink).perform([])
        == .done)
    #expect(received == ["went", "hi there", ""])
  }

  @Test func parsingCommandRejectsValuesThatDoNotParse() {
    var received: [Int] = []
    let sink = Sink<Int> { received.append($0) }
    let open = Command("open", argument: Argument("index"), help: "", to: sink) { Int($0) }
    #expect(open.perform(["x"]) == .usageError("invalid <index>: 'x'"))
    #expect(open.perform(["4"]) == .done)
    #expect(received == [4])
  }

  @Test func commandsThatCouldNeverBeTypedTrap() async {
    await #expect(processExitsWith: .failure) {
      _ = Command("two words", help: "") { _ in .done }
    }
    await #expect(processExitsWith: .failure) {
      _ = Command("x", arguments: [.text("a"), Argument("b")], help: "") { _ in .done }
    }
    await #expect(processExitsWith: .failure) {
      _ = Command("x", arguments: [Argument("a", isOptional: true), Argument("b")], help: "") {
        _ in .done
      }
    }
  }
}
