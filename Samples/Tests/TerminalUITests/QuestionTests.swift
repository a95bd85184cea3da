// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

/// Where a screen asks one question, a bare line answers it: the arguments of one command, or
/// a word that begins one of a choice of commands; every other line reads as before.
@MainActor
@Suite struct QuestionTests {
  private func line(_ text: String, on screen: Screen) -> String {
    ReplLine(text, typedOn: screen, appName: "app", isInteractive: false).request.description
  }

  private let codeScreen = Screen(
    title: "Sign in",
    commands: [
      Command("code", arguments: [Argument("code")], help: "Send the code.") { _ in .done },
      Command("back", help: "Go back.") { _ in .done },
    ],
    question: .argumentsOf("code"))

  private let board = Screen(
    title: "Game",
    commands: [
      Command("play", arguments: [.integer("square", in: 1...9)], help: "Play.") { _ in .done },
      Command("again", help: "Again.") { _ in .done },
    ],
    question: .argumentsOf("play"))

  private let confirm = Screen(
    title: "Quit?",
    commands: [
      Command("yes", help: "Leave.") { _ in .done },
      Command("no", help: "Stay.") { _ in .done },
      Command("never", help: "Never ask again.") { _ in .done },
    ],
    question: .oneOf(["yes", "no"]))

  @Test func aBareLineIsTheArgumentsOfTheAskedCommand() {
    #expect(line("1234", on: codeScreen) == "run(code 1234)")
    #expect(line("code 1234", on: codeScreen) == "run(code 1234)")
    #expect(line("back", on: codeScreen) == "run(back)")
    #expect(line("5", on: board) == "run(play 5)")
  }

  @Test func aBareValueTheCommandRefusesGetsTheCommandsReply() {
    // Its value is checked when it runs, as that of `play x` is.
    #expect(line("x", on: board) == "run(play x)")
    #expect(line("10", on: board) == "run(play 10)")
    #expect(line("1 2", on: board).hasPrefix("answer(play: too many arguments"))
  }

  @Test func aTypoOfACommandNameStaysAnUnknownCommandWithItsSuggestion() {
    #expect(
      line("agian", on: board)
        == "answer(unknown command 'agian'. Did you mean 'again'?)")
    #expect(line("bakc now", on: codeScreen).hasPrefix("answer(unknown command 'bakc'"))
  }

  @Test func builtInsAreNeverAnswers() {
    #expect(line(":trace 2", on: board) == "run(:trace 2)")
    #expect(line("help", on: codeScreen) == "run(help)")
  }

  @Test func aWordThatBeginsOneChoiceChoosesIt() {
    #expect(line("y", on: confirm) == "run(yes)")
    #expect(line("Y", on: confirm) == "run(yes)")
    #expect(line("n", on: confirm) == "run(no)")
    #expect(line("NO", on: confirm) == "run(no)")
    // `ne` begins `never`, which is not one of the answers; `x` begins none.
    #expect(line("ne", on: confirm).hasPrefix("answer(unknown command 'ne'"))
    #expect(line("x", on: confirm).hasPrefix("answer(unknown command 'x'"))
    #expect(line("y n", on: confirm).hasPrefix("answer(unknown command 'y'"))
  }

  @Test func aScreenWithoutAQuestionTakesNoBareLine() {
    var plain = board
    plain.question = nil
    #expect(line("5", on: plain).hasPrefix("answer(unknown command '5'"))
  }

  @Test func containersPassOnTheQuestionOfTheScreenInFront() {
    #expect(BackStackScreen(codeScreen, pushed: [board]).question == .argumentsOf("play"))
    #expect(ModalScreen(confirm, over: board).question == .oneOf(["yes", "no"]))
    #expect(line("y", on: Screen(title: "none")).hasPrefix("answer(unknown"))
  }

  @Test func helpSaysWhatABareAnswerDoes() {
    #expect(Question.argumentsOf("code").help == "Any other line runs 'code <line>'.")
    #expect(
      Question.argumentsOf("find", asTyped: true).help
        == "Any other line runs 'find <line>' (on a terminal, as you type).")
    #expect(
      Question.oneOf(["yes", "no"]).help == "Answers may be shortened: 'y' is 'yes', 'n' is 'no'.")
  }
}
