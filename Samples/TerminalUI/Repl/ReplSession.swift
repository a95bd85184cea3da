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
  /// Read a secret the line left out, without showing it, after this prompt; then call
  /// ``ReplSession/provideSecret(_:)``.
  case askSecret(prompt: String)
}

/// The REPL's logic, without a terminal: runs a `WorkflowHost`, turns lines into commands and
/// shows what the user sees through a ``ReplOutput``.
///
/// Each line gives one ``ReplFrame``: the line echoed, the command's reply, the warnings, and
/// the screen when its text changed (an empty line shows it again). Renderings that arrive
/// between commands (timers, workers) are shown at once when the output can
/// (``ReplOutput/showsScreensBetweenCommands``, an interactive terminal); otherwise they wait
/// for the next command or `:await`, which keeps scripted sessions deterministic.
///
/// The screen of a rendering is made once, and laid out once per width: the prompt, the
/// commands, the completion model and the lines all come from that one value.
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
  /// Whether a person types the lines (the input is a terminal); then `:await`, which only a
  /// script needs, is not offered.
  package let isInteractive: Bool

  let makeScreen: (WorkflowType.Rendering) -> any TextScreen
  let width: () -> Int
  let style: ReplStyle
  let warnings: ReplWarnings
  private var lastShown: [String]?
  private var isHandlingLine = false
  private var renderingObservation: (any Disposable)?
  private var screenChangeWaiter: (() -> Void)?
  private var published: PublishedScreen?
  private var pendingTranscript: [TerminalText] = []
  /// The notices of the screen last published, printed already.
  private var printedNotices: Set<Notice> = []
  /// The line whose secret argument is being asked for.
  private var lineAwaitingSecret: String?
  /// The file the session saves itself to; nil when there is none, or it may not be touched.
  let stateFile: StateFile?
  /// When the state file is written next (see ``AutosaveSchedule``).
  var autosaveSchedule: AutosaveSchedule
  /// The time the autosave runs on.
  let autosaveClock: AutosaveClock
  /// Whether the app waits for the next line (``inputWillWait()``); a change is then saved at
  /// once.
  private(set) var isAwaitingInput = false

  /// Where frames are shown; by default the append-only transcript given to `init`.
  package var output: any ReplOutput

  /// Receives the completion model and the prompt whenever a new screen was shown.
  package var screenDidChange: ((CompletionModel, String) -> Void)?

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
  ///     as it changes (see ``AutosaveSchedule`` for when). One that holds no usable snapshot
  ///     is moved aside to `FILE.broken-<n>`.
  ///   - traceFile: A file that receives every render pass as a JSON line (`--trace`).
  ///   - historyLimit: How many steps are kept for `:undo` and `:history`; 0 keeps none.
  ///   - configuration: The runtime configuration of the host; its history limit is replaced
  ///     by `historyLimit`.
  ///   - screen: Turns a rendering into a screen.
  ///   - style: Colours or plain text.
  ///   - echoesInput: Whether each line read is written after the prompt (for non-terminals).
  ///   - isInteractive: Whether a person types the lines.
  ///   - width: The terminal width, asked before each screen is laid out.
  ///   - write: Writes text to the user; the text carries its own line breaks. Used by the
  ///     default ``output``.
  ///   - autosaveClock: The time the state file's saves are scheduled on.
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
    isInteractive: Bool = false,
    width: @escaping () -> Int = { 80 },
    write: @escaping (String) -> Void,
    autosaveClock: AutosaveClock = .system
  ) throws(ReplStartFailure) {
    var configuration = configuration
    configuration.historyLimit = historyLimit  // traps when negative
    self.name = name
    let warnings = ReplWarnings()
    self.warnings = warnings
    let tracer = WorkflowTracer(capacity: Self.traceCapacity)
    self.tracer = tracer
    self.historyLimit = historyLimit
    self.isInteractive = isInteractive
    // Files are read, and the state file locked, before the host exists; nothing is written
    // until the host has shown that the snapshot fits.
    let start = try Self.startingPoint(
      restoreFile: restoreFile, stateFile: stateFile, warnings: warnings)
    let host = WorkflowHost(
      workflow: workflow, restoringFrom: start.snapshot, observers: [tracer, warnings],
      configuration: configuration)
    self.host = host
    let file = try Self.finishStart(
      start, restoreFile: restoreFile, stateFile: stateFile, warnings: warnings)
    if let traceFile { Self.attachTraceFile(traceFile, to: tracer, warnings: warnings) }
    self.makeScreen = screen
    self.style = style
    self.width = width
    self.output = TranscriptOutput(style: style, echoesInput: echoesInput, write: write)
    file?.lastSaved = try? host.snapshot()
    self.stateFile = file
    self.autosaveClock = autosaveClock
    self.autosaveSchedule = AutosaveSchedule(delay: autosaveClock.delay)
    renderingObservation = host.rendering.signal.observeValues { [weak self] _ in
      MainActor.assumeIsolated { self?.renderingDidChange() }
    }
  }

  isolated deinit {
    renderingObservation?.dispose()
  }

  /// The prompt shown before each line: the app's name, then where the screen says the user
  /// is (``TextScreen/promptPath``), as in `samples/todo> `.
  package var prompt: String { current.prompt }

  /// The screen of the current rendering.
  package var currentScreen: any TextScreen { current.screen }

  /// Whether the current screen differs from the one last shown.
  package var hasUnseenScreen: Bool {
    lastShown != current.lines(width: max(1, width()))
  }

  /// What tab completion offers on the current screen, the built-in commands included.
  package var completionModel: CompletionModel { current.completionModel }

  /// Prints the warnings so far, then the first screen.
  package func start() {
    // Notices saved in a restored state were told in the session that made them.
    printedNotices = Set(current.notices)
    publish(screen: .always)
  }

  /// Handles one line the user typed.
  package func handle(_ line: String) -> ReplOutcome {
    isAwaitingInput = false
    isHandlingLine = true
    defer { isHandlingLine = false }
    let echo = ReplFrame.Echo(prompt: prompt, line: shownLine(line))
    switch CommandLineTokenizer.tokenize(line) {
    case .failure(let failure):
      writeLines([style.error("error: \(failure.message)")])
      publish(echo: echo, screen: .never)
      return .proceed
    case .success(let words) where words.isEmpty:
      publish(echo: echo, screen: .always)
      return .proceed
    case .success(let words):
      if let builtin = ReplBuiltin(rawValue: words[0]) {
        let outcome = run(builtin, arguments: Array(words.dropFirst()))
        // The app ends: what is unsaved is saved, and a failure told, in this last frame.
        if outcome == .quit { autosaveNow() }
        publish(
          echo: echo, includesWarnings: outcome != .awaitScreen,
          screen: outcome == .proceed ? .ifChanged : .never)
        return outcome
      }
      if let prompt = secretPrompt(for: words) {
        // Nothing is shown yet: the line's frame comes once the secret is given.
        lineAwaitingSecret = line
        return .askSecret(prompt: prompt)
      }
      switch CommandDispatcher.resolve(words, in: availableCommands) {
      case .run(let command, let arguments):
        report(command.perform(arguments), of: command)
      case .usageError(let command, let message):
        report(.usageError(message), of: command)
      case .unknown(let typed, _):
        reportUnknown(typed)
      }
      publish(echo: echo, screen: .ifChanged)
      return .proceed
    }
  }

  /// Saves what is unsaved and prints the warnings left, before the process ends: at the end of
  /// the input, or by a signal or a closed output. (`quit` saves in its own frame.)
  package func saveBeforeExit() {
    autosaveNow()
    if warnings.hasPending { publish(screen: .never) }
  }

  /// Tells the session that the app is about to wait for the next line: what is unsaved is
  /// saved now, and changes that come until the line does are saved at once.
  ///
  /// Call it before each read that may wait (a person types; a pipe has no whole line ready),
  /// not before one that returns at once, so that a burst of lines costs one save.
  package func inputWillWait() {
    isAwaitingInput = true
    autosaveIfDue()
    showWarningsBetweenCommands()
  }

  /// How many times the state file was written, for tests.
  package var stateFileWriteCount: Int { stateFile?.writeCount ?? 0 }

  /// Runs the line that was waiting for its secret (``ReplOutcome/askSecret(prompt:)``) with
  /// `secret` as its last argument; nil (Ctrl-C, Ctrl-D) gives the line up.
  package func provideSecret(_ secret: String?) -> ReplOutcome {
    guard let line = lineAwaitingSecret else { return .proceed }
    lineAwaitingSecret = nil
    guard let secret, !secret.isEmpty else {
      writeLines([style.hint("(not run: no secret given)")])
      publish(echo: ReplFrame.Echo(prompt: prompt, line: shownLine(line)), screen: .never)
      return .proceed
    }
    return handle(line + " " + Self.quoted(secret))
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
    pendingTranscript += takeWarningLines()
    if !hasUnseenScreen && timedOut {
      writeLines([style.hint("(no new screen)")])
    }
    publish(screen: .ifChanged)
  }

  // MARK: Reporting

  func report(_ result: CommandResult, of command: Command) {
    switch result {
    case .done: break
    case .message(let message):
      writeLines(message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    case .refused(let message):
      writeLines(
        message.split(separator: "\n", omittingEmptySubsequences: false).map {
          style.error(String($0))
        })
    case .usageError(let message):
      writeLines([style.error("\(command.name): \(message)"), "usage: \(command.usage)"])
    }
  }

  private func reportUnknown(_ typed: String) {
    let names =
      availableCommands.map(\.name)
      + ReplBuiltin.offered(isInteractive: isInteractive).map(\.rawValue)
    let suggestions = CommandDispatcher.suggestions(for: typed, among: names)
    let shown = TextLayout.truncate(String(typed.prefix(64)), width: 40)
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
  var availableCommands: [Command] { current.commands }

  /// The current rendering's screen, made once per rendering.
  private var current: PublishedScreen {
    if let published { return published }
    let made = PublishedScreen(
      screen: makeScreen(host.rendering.value), appName: name, isInteractive: isInteractive)
    published = made
    return made
  }

  /// When a frame includes the screen.
  private enum ScreenPolicy {
    case never
    case ifChanged
    case always
  }

  /// Shows what was written since the last frame, the warnings (unless told not to) and the
  /// screen as `policy` says.
  private func publish(
    echo: ReplFrame.Echo? = nil, includesWarnings: Bool = true, screen policy: ScreenPolicy
  ) {
    // A save that is due is made first, so that a failure is told in the frame it concerns.
    autosaveIfDue()
    let shown = current
    let notices = Set(shown.notices)
    if notices != printedNotices {
      pendingTranscript += shown.notices.filter { !printedNotices.contains($0) }.map {
        TerminalText($0.text)
      }
      printedNotices = notices
    }
    if includesWarnings { pendingTranscript += takeWarningLines() }
    var frame = ReplFrame(echo: echo, transcript: pendingTranscript)
    pendingTranscript = []
    if policy != .never {
      let lines = shown.lines(width: max(1, width()))
      if policy == .always || lines != lastShown {
        frame.isFirstScreen = lastShown == nil
        lastShown = lines
        frame.screen = lines.enumerated().map { index, line in
          index == 0 ? style.title(line) : TerminalText(line)
        }
      }
    }
    guard !frame.isEmpty else { return }
    output.show(frame)
    if frame.screen != nil { screenDidChange?(shown.completionModel, shown.prompt) }
  }

  private func renderingDidChange() {
    published = nil
    renderingDidChangeForAutosave(isHandlingLine: isHandlingLine)
    guard !isHandlingLine else { return }
    if let waiter = screenChangeWaiter, hasUnseenScreen {
      screenChangeWaiter = nil
      waiter()
    } else if output.showsScreensBetweenCommands {
      publish(screen: .ifChanged)
    }
  }

  /// Lays the screen out again, for a terminal whose width changed, and shows it.
  package func widthDidChange() {
    guard !isHandlingLine else { return }
    publish(screen: .always)
  }

  /// Prints the queued warnings at once when the output shows what happens between commands
  /// (a terminal); otherwise they wait for the next frame.
  func showWarningsBetweenCommands() {
    guard output.showsScreensBetweenCommands, warnings.hasPending, !isHandlingLine else { return }
    publish(screen: .ifChanged)
  }

  /// The queued warnings as the lines to print.
  private func takeWarningLines() -> [TerminalText] {
    warnings.take().map { style.warning("warning: " + $0) }
  }

  /// Prints the queued warnings.
  func writeWarnings() {
    pendingTranscript += takeWarningLines()
  }

  /// Adds plain lines to the reply being written.
  func writeLines(_ lines: [String]) {
    pendingTranscript += lines.map { TerminalText($0) }
  }

  /// Adds lines to the reply being written.
  func writeLines(_ lines: [TerminalText]) {
    pendingTranscript += lines
  }

  /// `text` with control characters (escape codes included) made visible.
  ///
  /// The terminal writer (``ReplStyle/render(_:)``) does this to everything it writes; this is
  /// for text that is measured or cut before it gets there.
  package static func displaySafe(_ text: String) -> String {
    TextLayout.visible(text)
  }
}
