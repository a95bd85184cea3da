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
///
/// Warnings (a file that could not be restored or saved, a snapshot entry the host skipped) are
/// printed one per line before the next screen, or before the first one.
@MainActor
package final class ReplSession<WorkflowType: Workflow> {
  /// How many render passes the tracer keeps for `:trace`.
  package static var traceCapacity: Int { 50 }

  /// The app's name, used in the prompt.
  package let name: String
  /// The running workflow tree.
  package let host: WorkflowHost<WorkflowType>
  /// The recent render passes, for `:trace`.
  package let tracer: WorkflowTracer
  /// How many steps the host keeps for `:undo` and `:history`.
  package let historyLimit: Int

  let makeScreen: (WorkflowType.Rendering) -> any TextScreen
  let write: (String) -> Void
  let width: () -> Int
  let style: ReplStyle
  let warnings: ReplWarnings
  private let echoesInput: Bool
  private var lastPrinted: [String]?
  private var isHandlingLine = false
  private var renderingObservation: (any Disposable)?
  private var screenChangeWaiter: (() -> Void)?
  /// The file the session saves itself to; nil when there is none, or it may not be touched.
  let stateFile: StateFile?
  /// Whether a rendering changed during the line being handled, so the state is saved after it.
  var needsAutosave = false

  /// Receives the text of a screen that changed between commands; nil to hold it back.
  package var showAsynchronously: ((String) -> Void)?

  /// Receives the completion model whenever the offered commands may have changed.
  package var completionModelDidChange: ((CompletionModel) -> Void)?

  /// Creates a session and renders the workflow once (nothing is written until ``start()``).
  ///
  /// A restore file that cannot be used as a whole, or a state file another app holds, stops
  /// the start before any file is changed. Other files that cannot be used never stop the
  /// session: each gives a warning, printed by ``start()``, and the session goes on without
  /// it (see ``StateFile`` for the state file's rules).
  ///
  /// - Parameters:
  ///   - name: The app's name, for the prompt.
  ///   - workflow: The root workflow.
  ///   - restoreFile: A snapshot file to start from (`--restore`); wins over `stateFile`.
  ///   - stateFile: A file the session restores from at start, when it exists, and saves to
  ///     after every change. One that holds no usable snapshot is moved aside to
  ///     `FILE.broken-<n>`.
  ///   - traceFile: A file that receives every render pass as a JSON line (`--trace`).
  ///   - historyLimit: How many steps are kept for `:undo` and `:history`; 0 keeps none.
  ///   - configuration: The runtime configuration of the host; its history limit is replaced
  ///     by `historyLimit`.
  ///   - screen: Turns a rendering into a screen.
  ///   - style: Colours or plain text.
  ///   - echoesInput: Whether each line read is written after the prompt (for non-terminals).
  ///   - width: The terminal width, asked before each screen is laid out.
  ///   - write: Writes text to the user; the text carries its own line breaks.
  /// - Throws: ``ReplStartFailure`` when the session must not start.
  package init(
    name: String,
    workflow: WorkflowType,
    restoringFrom restoreFile: String? = nil,
    stateFile: String? = nil,
    traceFile: String? = nil,
    historyLimit: Int = 100,
    configuration: RuntimeConfiguration = .default,
    screen: @escaping (WorkflowType.Rendering) -> any TextScreen,
    style: ReplStyle = ReplStyle(isColored: false),
    echoesInput: Bool = false,
    width: @escaping () -> Int = { 80 },
    write: @escaping (String) -> Void
  ) throws(ReplStartFailure) {
    precondition(
      historyLimit >= 0,
      "ReplSession '\(name)': historyLimit \(historyLimit) is negative; pass 0 to keep no history")
    self.name = name
    let warnings = ReplWarnings()
    self.warnings = warnings
    let tracer = WorkflowTracer(capacity: Self.traceCapacity)
    self.tracer = tracer
    self.historyLimit = historyLimit
    // Files are read, and the state file locked, before the host exists; nothing is written
    // until the host has shown that the snapshot fits.
    let start = try Self.startingPoint(
      restoreFile: restoreFile, stateFile: stateFile, warnings: warnings)
    var configuration = configuration
    configuration.historyLimit = historyLimit
    let host = WorkflowHost(
      workflow: workflow, restoringFrom: start.snapshot, observers: [tracer, warnings],
      configuration: configuration)
    self.host = host
    let file = try Self.finishStart(
      start, restoreFile: restoreFile, stateFile: stateFile, warnings: warnings)
    if let traceFile { Self.attachTraceFile(traceFile, to: tracer, warnings: warnings) }
    self.makeScreen = screen
    self.style = style
    self.echoesInput = echoesInput
    self.width = width
    self.write = write
    if let file {
      let step = host.history.last
      file.lastSaved = step?.snapshot ?? (try? host.snapshot())
      file.lastSavedStep = step?.number
    }
    self.stateFile = file
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
    let builtinEntries = ReplBuiltin.allCases.map {
      CompletionModel.Entry(name: $0.rawValue, arguments: $0.arguments)
    }
    return CompletionModel(entries: screenEntries + builtinEntries)
  }

  /// Prints the warnings so far, then the first screen.
  package func start() {
    writeWarnings()
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
      writeWarnings()
      return .proceed
    }
    guard let first = words.first else {
      writeWarnings()
      printScreen(force: true)
      return .proceed
    }
    if let builtin = ReplBuiltin(rawValue: first) {
      let outcome = run(builtin, arguments: Array(words.dropFirst()))
      autosaveIfNeeded()
      if outcome == .proceed {
        writeWarnings()
        printScreen(force: false)
      }
      return outcome
    }
    switch CommandDispatcher.resolve(words, in: availableCommands) {
    case .run(let command, let arguments):
      report(command.perform(arguments), of: command)
    case .usageError(let command, let message):
      report(.usageError(message), of: command)
    case .unknown(let typed, _):
      reportUnknown(typed)
    }
    writeWarnings()
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
    writeWarnings()
    if hasUnseenScreen {
      printScreen(force: false)
    } else if timedOut {
      writeLines([style.hint("(no new screen)")])
    }
  }

  // MARK: Reporting

  func report(_ result: CommandResult, of command: Command) {
    switch result {
    case .done: break
    case .message(let message):
      writeLines(message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    case .usageError(let message):
      writeLines([style.error("\(command.name): \(message)"), "usage: \(command.usage)"])
    }
  }

  private func reportUnknown(_ typed: String) {
    let names = availableCommands.map(\.name) + ReplBuiltin.allCases.map(\.rawValue)
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
  var availableCommands: [Command] {
    var seen = Set(ReplBuiltin.allCases.map(\.rawValue))
    return currentScreen.commands.filter { seen.insert($0.name).inserted }
  }

  private func layOut(_ screen: any TextScreen) -> [String] {
    screen.render(width: max(1, width()))
  }

  func printScreen(force: Bool) {
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
    renderingDidChangeForAutosave(isHandlingLine: isHandlingLine)
    guard !isHandlingLine else { return }
    if let waiter = screenChangeWaiter, hasUnseenScreen {
      screenChangeWaiter = nil
      waiter()
    } else if let show = showAsynchronously {
      var text = takeWarningLines()
      let lines = layOut(currentScreen)
      let isNewScreen = lines != lastPrinted
      if isNewScreen {
        lastPrinted = lines
        text += decorated(lines, leadingBlankLine: true)
      }
      guard !text.isEmpty else { return }
      show(text.joined(separator: "\n") + "\n")
      if isNewScreen { completionModelDidChange?(completionModel) }
    }
  }

  /// The queued warnings as the lines to print.
  private func takeWarningLines() -> [String] {
    warnings.take().map { style.warning("warning: " + Self.displaySafe($0)) }
  }

  /// Prints the queued warnings, after saving the state the line just handled changed (so that
  /// a failed save is told with the screen it concerns).
  func writeWarnings() {
    autosaveIfNeeded()
    let lines = takeWarningLines()
    if !lines.isEmpty { writeLines(lines) }
  }

  func writeLines(_ lines: [String]) {
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
