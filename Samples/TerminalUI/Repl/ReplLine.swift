// SPDX-License-Identifier: Apache-2.0

/// A line typed at the prompt, split into words once, with everything the REPL derives from it:
/// how the transcript shows it, what the history file keeps of it, and what it asks for.
///
/// The words are read against the screen the line was typed on, which says which command it
/// names and so which of its words are secret (masked in ``echo``, left out of
/// ``historyEntry``).
package struct ReplLine {
  /// What a line asks the REPL to do.
  package enum Request: CustomStringConvertible {
    /// Nothing: the screen is shown again.
    case blank
    /// Nothing, because the line cannot be split into words; the message says why.
    case malformed(String)
    /// Nothing, because it is turned down before anything runs (an unknown command, arguments
    /// that do not fit); these lines say why.
    case answer([TerminalText])
    /// Leave the app.
    case quit
    /// Wait for the next screen (`:await`).
    case awaitScreen
    /// Ask for the secret argument the line left out, after `prompt`; ``addingSecret(_:)``
    /// then completes the line.
    case askSecret(prompt: String)
    /// Run a screen's command or a built-in.
    case run(Runnable)

    /// A short text naming the request, for tests and failure messages.
    package var description: String {
      switch self {
      case .blank: "blank"
      case .malformed(let message): "malformed(\(message))"
      case .answer(let lines): "answer(\(lines.map(\.plainText).joined(separator: " / ")))"
      case .quit: "quit"
      case .awaitScreen: "awaitScreen"
      case .askSecret(let prompt): "askSecret(\(prompt))"
      case .run(let runnable): "run(\(runnable))"
      }
    }
  }

  /// What runs for a line.
  package enum Runnable: CustomStringConvertible {
    /// A command of the screen, with one value per argument given.
    case command(Command, arguments: [String])
    /// A built-in command, with its checked values.
    case builtin(ReplBuiltin, arguments: [String])

    /// The command and its values, those of secret arguments masked.
    package var description: String {
      switch self {
      case .command(let command, let arguments):
        let shown = arguments.enumerated().map { index, value in
          index < command.arguments.count && command.arguments[index].isSecret
            ? SecretText.mask : value
        }
        return ([command.name] + shown).joined(separator: " ")
      case .builtin(let builtin, let arguments):
        return ([builtin.rawValue] + arguments).joined(separator: " ")
      }
    }
  }

  /// The line as typed.
  package let text: String
  /// The line as the transcript shows it, after the prompt it was typed at: cut to a readable
  /// length, its secret arguments replaced by ``SecretText/mask``.
  package let echo: ReplFrame.Echo
  /// What the history file keeps: nil for a blank line, and the line without its secret
  /// arguments when it has any (recalled, it asks for them again).
  package let historyEntry: String?
  /// What the line asks for.
  package let request: Request
  /// The command whose secret ``Request/askSecret(prompt:)`` asks for, and the values given.
  private let secretCommand: (command: Command, given: [String])?

  private init(
    text: String, echo: ReplFrame.Echo, historyEntry: String?, request: Request,
    secretCommand: (Command, [String])? = nil
  ) {
    self.text = text
    self.echo = echo
    self.historyEntry = historyEntry
    self.request = request
    self.secretCommand = secretCommand
  }
}

extension ReplLine {
  /// Reads `text` typed on `screen` of the app `appName`.
  ///
  /// - Parameter isInteractive: Whether a person types (then a secret left out is asked for,
  ///   and `:await` is not offered among the suggestions).
  @MainActor
  package init(
    _ text: String, typedOn screen: any TextScreen, appName: String, isInteractive: Bool
  ) {
    self.init(
      text, on: PublishedScreen(screen: screen, appName: appName, isInteractive: isInteractive),
      isInteractive: isInteractive)
  }

  /// Reads `text` typed on `screen`.
  ///
  /// - Parameter isInteractive: Whether a person types (then a secret left out is asked for,
  ///   and `:await` is not offered among the suggestions).
  @MainActor
  init(_ text: String, on screen: PublishedScreen, isInteractive: Bool) {
    let prompt = screen.prompt
    let isBlank = !text.contains(where: { !$0.isWhitespace })
    let words: [String]
    switch CommandLineTokenizer.tokenize(text) {
    case .failure(let failure):
      self.init(
        text: text, echo: .init(prompt: prompt, line: Self.truncated(text)),
        historyEntry: isBlank ? nil : text,
        request: .malformed("error: \(failure.message)"))
      return
    case .success(let split) where split.isEmpty:
      self.init(
        text: text, echo: .init(prompt: prompt, line: Self.truncated(text)), historyEntry: nil,
        request: .blank)
      return
    case .success(let split):
      words = Self.answering(split, on: screen)
    }
    let name = words[0]
    let builtin = ReplBuiltin(rawValue: name)
    let arguments =
      builtin?.arguments ?? screen.commands.first(where: { $0.name == name })?.arguments ?? []
    let secrets = Self.secretPositions(of: words, arguments: arguments)
    let echo = ReplFrame.Echo(
      prompt: prompt, line: Self.echo(of: words, secrets: secrets) ?? Self.truncated(text))
    let entry =
      secrets.isEmpty
      ? text
      : words.indices.filter { !secrets.contains($0) }.map {
        CommandLineTokenizer.quoted(words[$0])
      }
      .joined(separator: " ")
    if let builtin {
      self.init(
        text: text, echo: echo, historyEntry: entry,
        request: Self.request(for: builtin, values: Array(words.dropFirst())))
      return
    }
    guard let command = screen.commands.first(where: { $0.name == name }) else {
      self.init(
        text: text, echo: echo, historyEntry: entry,
        request: .answer([Self.unknown(name, on: screen, isInteractive: isInteractive)]))
      return
    }
    let given = Array(words.dropFirst())
    if isInteractive, let prompt = Self.secretPrompt(for: command, given: given.count) {
      self.init(
        text: text, echo: echo, historyEntry: entry, request: .askSecret(prompt: prompt),
        secretCommand: (command, given))
      return
    }
    self.init(
      text: text, echo: echo, historyEntry: entry, request: Self.request(for: command, given))
  }

  /// The line that ran ``Request/askSecret(prompt:)`` completed by `secret` as its next
  /// argument, or nil when the line asked for none.
  package func addingSecret(_ secret: String) -> ReplLine? {
    guard let (command, given) = secretCommand else { return nil }
    let words = [command.name] + given + [secret]
    let secrets = Self.secretPositions(of: words, arguments: command.arguments)
    return ReplLine(
      text: text,
      echo: ReplFrame.Echo(
        prompt: echo.prompt, line: Self.echo(of: words, secrets: secrets) ?? Self.truncated(text)),
      historyEntry: historyEntry, request: Self.request(for: command, given + [secret]))
  }

  /// The lines that report `result` of `command`: nothing for ``CommandResult/done``, the
  /// message, the refusal as an error, or the error with the usage line.
  static func lines(for result: CommandResult, of command: Command) -> [TerminalText] {
    func split(_ text: String) -> [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    switch result {
    case .done: return []
    case .message(let message): return split(message).map { TerminalText($0) }
    case .refused(let message): return split(message).map { TerminalText($0, style: .error) }
    case .usageError(let message):
      return [
        TerminalText("\(command.name): \(message)", style: .error),
        TerminalText("usage: \(command.usage)"),
      ]
    }
  }

  // MARK: Reading the words

  /// What a screen command with the values `given` asks for: their number is checked against
  /// its arguments here, their values when it runs (``Command/perform(_:)``).
  private static func request(for command: Command, _ given: [String]) -> Request {
    switch CommandDispatcher.check(given, for: command) {
    case .run(let command, let values): .run(.command(command, arguments: values))
    case .usageError(let command, let message):
      .answer(lines(for: .usageError(message), of: command))
    // `check` never answers this; it only happens when a name is looked up.
    case .unknown: .answer([])
    }
  }

  /// What a built-in with `values` asks for: its arguments are checked as a screen command's
  /// would be (a count out of range is refused by the command's own check).
  private static func request(for builtin: ReplBuiltin, values: [String]) -> Request {
    if builtin == .trace, values.first == ReplBuiltin.exportOption {
      guard values.count == 2 else {
        return .answer([
          TerminalText(":trace: \(ReplBuiltin.exportOption) needs one file", style: .error),
          TerminalText("usage: :trace \(ReplBuiltin.exportOption) FILE"),
        ])
      }
      return .run(.builtin(.trace, arguments: values))
    }
    switch CommandDispatcher.check(values, for: builtin.command) {
    case .run(let command, let checked):
      let checking = command.perform(checked)
      guard checking == .done else { return .answer(lines(for: checking, of: command)) }
      if builtin.quits { return .quit }
      if builtin == .await { return .awaitScreen }
      return .run(.builtin(builtin, arguments: checked))
    case .usageError(let command, let message):
      return .answer(lines(for: .usageError(message), of: command))
    case .unknown:
      return .answer([])
    }
  }

  /// The positions in `words` (the command name first) of the values given for secret
  /// arguments.
  private static func secretPositions(of words: [String], arguments: [Argument]) -> Set<Int> {
    var positions = Set<Int>()
    for (index, argument) in arguments.enumerated() where argument.isSecret {
      if index + 1 < words.count { positions.insert(index + 1) }
    }
    return positions
  }

  /// The prompt that asks for the one secret argument of `command` that a line with `given`
  /// values leaves out, when every other argument is given; nil otherwise.
  private static func secretPrompt(for command: Command, given: Int) -> String? {
    guard given < command.arguments.count else { return nil }
    let missing = command.arguments[given]
    let rest = command.arguments[(given + 1)...]
    guard missing.isSecret, rest.allSatisfy(\.isOptional) else { return nil }
    let label = missing.name.prefix(1).uppercased() + missing.name.dropFirst()
    return "\(label) for \(command.name) (not shown): "
  }

  /// The words shown with the secret ones masked, or nil when none is secret.
  private static func echo(of words: [String], secrets: Set<Int>) -> String? {
    guard !secrets.isEmpty else { return nil }
    let shown = words.indices.map {
      secrets.contains($0) ? SecretText.mask : CommandLineTokenizer.quoted(words[$0])
    }
    return TextLayout.truncate(shown.joined(separator: " "), width: 200)
  }

  /// `words`, or the command a bare answer to the screen's question stands for, when they
  /// name neither a command nor a built-in.
  @MainActor
  private static func answering(_ words: [String], on screen: PublishedScreen) -> [String] {
    guard let question = screen.question, let name = words.first,
      ReplBuiltin(rawValue: name) == nil,
      !screen.commands.contains(where: { $0.name == name })
    else { return words }
    return question.answer(words, among: screen.commands) ?? words
  }

  /// The command, and its values, that `text` (the line being typed, not entered yet) runs
  /// at once on `screen`, whose question is answered as typed; nil when it runs none.
  @MainActor
  static func answerAsTyped(_ text: String, on screen: PublishedScreen) -> Runnable? {
    guard let question = screen.question, question.isAnsweredAsTyped,
      case .success(let words) = CommandLineTokenizer.tokenize(text),
      words.first.map({ ReplBuiltin(rawValue: $0) == nil && !$0.hasPrefix(":") }) ?? true,
      let answer = question.answerAsTyped(words, among: screen.commands),
      let command = screen.commands.first(where: { $0.name == answer[0] }),
      case .run(let command, let values) = CommandDispatcher.check(
        Array(answer.dropFirst()), for: command)
    else { return nil }
    return .command(command, arguments: values)
  }

  private static func truncated(_ text: String) -> String {
    TextLayout.truncate(String(text.prefix(256)), width: 200)
  }

  /// The reply to an unknown command: the closest names, or a pointer to `help`.
  @MainActor
  private static func unknown(
    _ typed: String, on screen: PublishedScreen, isInteractive: Bool
  ) -> TerminalText {
    let names =
      screen.commands.map(\.name)
      + ReplBuiltin.offered(isInteractive: isInteractive).map(\.rawValue)
    let suggestions = CommandDispatcher.suggestions(for: typed, among: names)
    let shown = TextLayout.truncate(String(typed.prefix(64)), width: 40)
    var message = "unknown command '\(shown)'."
    if suggestions.isEmpty {
      message += " Type 'help' to list the commands."
    } else {
      message += " Did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
    return TerminalText(message, style: .error)
  }
}
