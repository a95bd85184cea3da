// SPDX-License-Identifier: Apache-2.0

/// The one question a screen asks, so that a bare answer answers it: a line that names none of
/// the screen's commands is read as the answer.
///
/// ```swift
/// // "Enter the code": `1234` runs `code 1234`.
/// let signIn = Screen(
///   title: "Sign in", body: ["Enter the code."], commands: [code, back],
///   question: .argumentsOf("code"))
/// // "Quit the game?": `y` runs `yes`, `n` runs `no`.
/// let quit = Screen(
///   title: "Quit?", commands: [yes, no], question: .oneOf(["yes", "no"]))
/// ```
///
/// A line that names a command, or a built-in (`help`, `:tree`), runs it as usual. `help` says
/// what a bare answer does on the screen (``help``).
public struct Question: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case arguments(command: String)
    case choice(commands: [String])
  }

  let kind: Kind
  /// Whether the answer is given as it is typed, before Enter, on a terminal (a search that
  /// filters as the user types). A scripted session gives it when the line is entered.
  public private(set) var isAnsweredAsTyped = false

  /// The screen asks for the arguments of `command`: a line that names no command is given
  /// to it whole, as `command` followed by the line would be.
  ///
  /// A line whose words do not fit the command's arguments, and whose first word is close to
  /// a command's name (a typo), gets the usual "unknown command" reply with the suggestion.
  ///
  /// - Parameters:
  ///   - command: The name of one of the screen's commands.
  ///   - asTyped: Whether the line is also given to the command as it is typed, on a terminal.
  public static func argumentsOf(_ command: String, asTyped: Bool = false) -> Question {
    var question = Question(kind: .arguments(command: command))
    question.isAnsweredAsTyped = asTyped
    return question
  }

  /// The screen asks to choose one of `commands` (which take no arguments): a single word
  /// that begins exactly one of their names, in any case, runs it (`y` and `Yes` run `yes`).
  public static func oneOf(_ commands: [String]) -> Question {
    Question(kind: .choice(commands: commands))
  }

  /// What a bare answer does, in one sentence for `help`.
  public var help: String {
    switch kind {
    case .arguments(let command):
      "Any other line runs '\(command) <line>'"
        + (isAnsweredAsTyped ? " (on a terminal, as you type)." : ".")
    case .choice(let commands):
      "Answers may be shortened: "
        + commands.map { "'\($0.prefix(1))' is '\($0)'" }.joined(separator: ", ") + "."
    }
  }

  /// The words of the command a bare line answers with, or nil when `words` (the line, split)
  /// do not answer the question; `commands` are the screen's.
  func answer(_ words: [String], among commands: [Command]) -> [String]? {
    guard !words.isEmpty else { return nil }
    switch kind {
    case .arguments(let name):
      guard let command = commands.first(where: { $0.name == name }) else { return nil }
      if fits(Array(words), command) { return [name] + words }
      // A typo of a command name reads better as one than as a refused value.
      let names = commands.map(\.name)
      if !CommandDispatcher.suggestions(for: words[0], among: names).isEmpty { return nil }
      return [name] + words
    case .choice(let names):
      guard words.count == 1 else { return nil }
      let typed = words[0].lowercased()
      let offered = Set(commands.map(\.name))
      let matches = names.filter { offered.contains($0) && $0.lowercased().hasPrefix(typed) }
      return matches.count == 1 ? matches : nil
    }
  }

  /// The words of the command that the line being typed answers with, now, before Enter; nil
  /// when the question is not answered as typed or the line does not answer it: it names a
  /// command, or its words do not fit. An empty line answers when the command can do without
  /// its arguments.
  func answerAsTyped(_ words: [String], among commands: [Command]) -> [String]? {
    guard isAnsweredAsTyped, case .arguments(let name) = kind,
      let command = commands.first(where: { $0.name == name }),
      words.first.map({ first in !commands.contains { $0.name == first } }) ?? true,
      fits(words, command)
    else { return nil }
    return [name] + words
  }

  /// Whether `values` fit the arguments of `command`: their number, and each value.
  private func fits(_ values: [String], _ command: Command) -> Bool {
    guard case .run(_, let checked) = CommandDispatcher.check(values, for: command) else {
      return false
    }
    return zip(checked, command.arguments).allSatisfy { $0.1.refusal(of: $0.0) == nil }
  }
}
