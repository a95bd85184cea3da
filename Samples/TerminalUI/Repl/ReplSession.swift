// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// What the REPL's input loop does after a line.
package enum ReplOutcome: Hashable, Sendable {
  /// Read the next line.
  case proceed
  /// Leave the app.
  case quit
  /// Wait until ``ReplSession/hasUnseenScreen`` (or a timeout), then call
  /// ``ReplSession/finishAwaiting(timedOut:)``.
  case awaitScreen
}

/// The REPL's logic, without a terminal: runs a `WorkflowHost`, turns lines into commands and
/// writes what the user sees through an injected `write` function.
///
/// The screen is printed when it is first shown, and afterwards only when its text changed
/// (an empty line prints it again). Renderings that arrive between commands (timers, workers)
/// go to ``showAsynchronously`` when set (an interactive terminal); otherwise they wait for the
/// next command or `:await`, which keeps scripted sessions deterministic.
@MainActor
package final class ReplSession<WorkflowType: Workflow> {
  /// The app's name, used in the prompt.
  package let name: String
  /// The running workflow tree.
  package let host: WorkflowHost<WorkflowType>
  /// The recent actions and render passes.
  package let trace: TraceRecorder

  private let makeScreen: (WorkflowType.Rendering) -> any TextScreen
  private let write: (String) -> Void
  private let width: () -> Int
  private let style: ReplStyle
  private let echoesInput: Bool
  private var lastPrinted: [String]?
  private var isHandlingLine = false
  private var renderingObservation: (any Disposable)?
  private var screenChangeWaiter: (() -> Void)?

  /// Receives the text of a screen that changed between commands; nil to hold it back.
  package var showAsynchronously: ((String) -> Void)?

  /// Receives the completion model whenever the offered commands may have changed.
  package var completionModelDidChange: ((CompletionModel) -> Void)?

  /// Creates a session and renders the workflow once (nothing is written until ``start()``).
  ///
  /// - Parameters:
  ///   - name: The app's name, for the prompt.
  ///   - workflow: The root workflow.
  ///   - configuration: The runtime configuration of the host.
  ///   - screen: Turns a rendering into a screen.
  ///   - style: Colours or plain text.
  ///   - echoesInput: Whether each line read is written after the prompt (for non-terminals).
  ///   - width: The terminal width, asked before each screen is laid out.
  ///   - write: Writes text to the user; the text carries its own line breaks.
  package init(
    name: String,
    workflow: WorkflowType,
    configuration: RuntimeConfiguration = .default,
    screen: @escaping (WorkflowType.Rendering) -> any TextScreen,
    style: ReplStyle = ReplStyle(isColored: false),
    echoesInput: Bool = false,
    width: @escaping () -> Int = { 80 },
    write: @escaping (String) -> Void
  ) {
    self.name = name
    let trace = TraceRecorder()
    self.trace = trace
    self.host = WorkflowHost(workflow: workflow, observers: [trace], configuration: configuration)
    self.makeScreen = screen
    self.style = style
    self.echoesInput = echoesInput
    self.width = width
    self.write = write
    renderingObservation = host.rendering.signal.observeValues { [weak self] _ in
      MainActor.assumeIsolated { self?.renderingDidChange() }
    }
  }

  isolated deinit {
    renderingObservation?.dispose()
  }

  /// The prompt shown before each line.
  package var prompt: String { "\(name)> " }

  /// The screen of the current rendering.
  package var currentScreen: any TextScreen { makeScreen(host.rendering.value) }

  /// Whether the current screen differs from the one last printed.
  package var hasUnseenScreen: Bool {
    lastPrinted != layOut(currentScreen)
  }

  /// What tab completion offers on the current screen, the built-in commands included.
  package var completionModel: CompletionModel {
    let screenEntries = availableCommands.map {
      CompletionModel.Entry(name: $0.name, arguments: $0.arguments)
    }
    let builtinEntries = Builtin.allCases.map {
      CompletionModel.Entry(name: $0.rawValue, arguments: [])
    }
    return CompletionModel(entries: screenEntries + builtinEntries)
  }

  /// Prints the first screen.
  package func start() {
    printScreen(force: true)
  }

  /// Handles one line the user typed.
  package func handle(_ line: String) -> ReplOutcome {
    isHandlingLine = true
    defer { isHandlingLine = false }
    if echoesInput {
      write(
        prompt + TextLayout.truncate(Self.displaySafe(String(line.prefix(256))), width: 200) + "\n")
    }
    let words: [String]
    switch CommandLineTokenizer.tokenize(line) {
    case .success(let tokens): words = tokens
    case .failure(let failure):
      writeLines([style.error("error: \(failure.message)")])
      return .proceed
    }
    guard let first = words.first else {
      printScreen(force: true)
      return .proceed
    }
    if let builtin = Builtin(rawValue: first) {
      return run(builtin, arguments: Array(words.dropFirst()))
    }
    switch CommandDispatcher.resolve(words, in: availableCommands) {
    case .run(let command, let arguments):
      report(command.perform(arguments), of: command)
    case .usageError(let command, let message):
      report(.usageError(message), of: command)
    case .unknown(let typed, _):
      reportUnknown(typed)
    }
    printScreen(force: false)
    return .proceed
  }

  /// Registers `waiter` to run once the screen differs from the one printed; runs it at once if
  /// it already does.
  package func notifyWhenScreenChanges(_ waiter: @escaping () -> Void) {
    if hasUnseenScreen {
      waiter()
    } else {
      screenChangeWaiter = waiter
    }
  }

  /// Ends an `:await`: prints the new screen, or says that none came.
  package func finishAwaiting(timedOut: Bool) {
    screenChangeWaiter = nil
    if hasUnseenScreen {
      printScreen(force: false)
    } else if timedOut {
      writeLines([style.hint("(no new screen)")])
    }
  }

  // MARK: Built-in commands

  private enum Builtin: String, CaseIterable {
    case help
    case quit
    case tree = ":tree"
    case trace = ":trace"
    case await = ":await"

    var help: String {
      switch self {
      case .help: "List the commands of this screen."
      case .quit: "Leave the app (Ctrl-D does too)."
      case .tree: "Print the live workflow tree."
      case .trace: "Print the recent actions and render passes."
      case .await: "Wait for the next screen (useful in scripts)."
      }
    }
  }

  private func run(_ builtin: Builtin, arguments: [String]) -> ReplOutcome {
    guard arguments.isEmpty else {
      writeLines([
        style.error("\(builtin.rawValue): takes no arguments"), "usage: \(builtin.rawValue)",
      ])
      return .proceed
    }
    switch builtin {
    case .help: writeHelp()
    case .quit: return .quit
    case .tree: writeLines(host.debugTree().description.split(separator: "\n").map(String.init))
    case .trace: writeTrace()
    case .await: return .awaitScreen
    }
    return .proceed
  }

  private func writeHelp() {
    let screenRows = availableCommands.map { ($0.usage, $0.help) }
    let builtinRows = Builtin.allCases.map { ($0.rawValue, $0.help) }
    let usageWidth = min(
      28, (screenRows + builtinRows).map { TextLayout.displayWidth($0.0) }.max() ?? 0)
    func row(_ usage: String, _ help: String) -> String {
      TextLayout.trimmingTrailingSpaces(
        "  " + TextLayout.pad(usage, width: max(usage.count, usageWidth)) + "  " + help)
    }
    var lines = ["Commands:"]
    lines += screenRows.map(row)
    lines += ["Always available:"]
    lines += builtinRows.map(row)
    writeLines(lines)
  }

  private func writeTrace() {
    let entries = trace.entries
    guard !entries.isEmpty else { return writeLines(["No actions or render passes yet."]) }
    let numberWidth = String(entries[entries.count - 1].number).count
    var lines = ["Recent actions and render passes, oldest first:"]
    for entry in entries {
      let number = String(entry.number)
      lines.append(
        "  " + String(repeating: " ", count: numberWidth - number.count) + number + "  "
          + entry.text)
    }
    writeLines(lines)
  }

  // MARK: Reporting

  private func report(_ result: CommandResult, of command: Command) {
    switch result {
    case .done: break
    case .message(let message):
      writeLines(message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    case .usageError(let message):
      writeLines([style.error("\(command.name): \(message)"), "usage: \(command.usage)"])
    }
  }

  private func reportUnknown(_ typed: String) {
    let names = availableCommands.map(\.name) + Builtin.allCases.map(\.rawValue)
    let suggestions = CommandDispatcher.suggestions(for: typed, among: names)
    let shown = TextLayout.truncate(Self.displaySafe(String(typed.prefix(64))), width: 40)
    var message = "unknown command '\(shown)'."
    if suggestions.isEmpty {
      message += " Type 'help' to list the commands."
    } else {
      message += " Did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
    writeLines([style.error(message)])
  }

  // MARK: Screens

  /// The current screen's commands, without the names the built-ins take.
  private var availableCommands: [Command] {
    var seen = Set(Builtin.allCases.map(\.rawValue))
    return currentScreen.commands.filter { seen.insert($0.name).inserted }
  }

  private func layOut(_ screen: any TextScreen) -> [String] {
    screen.render(width: max(1, width()))
  }

  private func printScreen(force: Bool) {
    let lines = layOut(currentScreen)
    guard force || lines != lastPrinted else { return }
    let isFirst = lastPrinted == nil
    lastPrinted = lines
    writeLines(decorated(lines, leadingBlankLine: !isFirst))
    completionModelDidChange?(completionModel)
  }

  private func decorated(_ lines: [String], leadingBlankLine: Bool) -> [String] {
    var result = leadingBlankLine ? [""] : []
    for (index, line) in lines.enumerated() {
      result.append(index == 0 ? style.title(line) : line)
    }
    return result
  }

  private func renderingDidChange() {
    guard !isHandlingLine else { return }
    if let waiter = screenChangeWaiter, hasUnseenScreen {
      screenChangeWaiter = nil
      waiter()
    } else if let show = showAsynchronously {
      let lines = layOut(currentScreen)
      guard lines != lastPrinted else { return }
      lastPrinted = lines
      show(decorated(lines, leadingBlankLine: true).joined(separator: "\n") + "\n")
      completionModelDidChange?(completionModel)
    }
  }

  private func writeLines(_ lines: [String]) {
    write(lines.map { $0 + "\n" }.joined())
  }

  /// `text` with control characters (escape codes included) replaced by `?`.
  package static func displaySafe(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? "?" : scalar
        }))
  }
}
