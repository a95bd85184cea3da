// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// A REPL session: runs a `WorkflowHost` and does what its ``ReplStateMachine`` says, on a
/// ``ReplConsole``.
///
/// It is the machine's one driver. What happens (a line from the input, a new rendering, the
/// terminal's width, a signal) goes to a transition; the effects it returns are performed in
/// order: a command run on the host, a frame shown, the ``Autosaver`` told, the input answered,
/// the app ended. Each line is read once into a ``ReplLine``, against the screen it was typed
/// on.
///
/// Renderings that arrive between commands (timers, workers) are shown at once when the
/// console can (``ReplConsole/showsScreensBetweenCommands``, a live terminal); otherwise they
/// wait for the next command or `:await`, which keeps scripted sessions deterministic.
///
/// Warnings (a file that could not be restored or saved, a snapshot entry the host skipped) are
/// shown one per line before the next screen, or before the first one.
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
  let warnings: ReplWarnings
  /// The file that receives the kept steps as trace events when the app ends
  /// (`--trace-events`); `nil` without one, or when it could not be written at the start.
  let traceEventsFile: String?
  let autosaver: Autosaver
  private let scheduler: any DateScheduler
  private var machine = ReplStateMachine(
    showsScreensBetweenCommands: false, waitsForScreens: false)
  private var frames = FrameComposer()
  private(set) var console: (any ReplConsole)?
  /// The rendering last published, as the host delivered it.
  private var rendering: WorkflowType.Rendering
  /// The screen of ``rendering``, made when first asked for.
  private var published: PublishedScreen?
  private var renderingObservation: (any Disposable)?
  /// Whether the last event from the input is not answered yet.
  private var awaitsAnswer = false
  /// Whether ``receive(_:)`` runs, which returns the answer it gets.
  private var isReceiving = false
  /// The answer to the event being received.
  private var answer: InputRequest?
  /// Receives an answer that comes after ``receive(_:)`` returned (`:await` waits for the next
  /// screen).
  package var answerLater: ((InputRequest) -> Void)?
  private var screenWaitTimer: (any Disposable)?
  /// How many lines were read.
  private var linesRead = 0
  /// For each undoable command that made history steps, the number of the step before its
  /// first, oldest first: where `:undo` goes back to.
  var undoMarks: [Int] = []
  /// Whether an undoable command runs that has not made a history step yet: its first
  /// rendering marks where `:undo` goes back to.
  var marksNextStep = false
  /// The latest history step before the line being typed first answered the screen's question
  /// as typed: where `:undo` goes back to once the line runs an undoable command, so that the
  /// keystrokes and the command are one step to undo.
  var typedLineMark: Int?

  /// Creates a session and renders the workflow once (nothing is shown or saved until
  /// ``start(on:)``).
  ///
  /// A restore file that cannot be used as a whole, or a state file another app holds, stops
  /// the start before any file is changed. Other files that cannot be used never stop the
  /// session: each gives a warning, shown by ``start(on:)``, and the session goes on without
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
  ///   - traceEventsFile: A file that receives the last steps in the Trace Event Format when
  ///     the app ends (`--trace-events`); written at the start too, to learn early that it
  ///     cannot be.
  ///   - historyLimit: How many steps are kept for `:undo` and `:history`; 0 keeps none.
  ///   - configuration: The runtime configuration of the host; its history limit is replaced
  ///     by `historyLimit`.
  ///   - screen: Turns a rendering into a screen.
  ///   - scheduler: The clock of the autosave and of `:await`'s time limit.
  ///   - autosaveDelay: How long the first unsaved change waits at most while lines keep
  ///     coming.
  /// - Throws: ``ReplStartFailure`` when the session must not start.
  package init(
    name: String,
    workflow: WorkflowType,
    restoringFrom restoreFile: String? = nil,
    stateFile: String? = nil,
    traceFile: String? = nil,
    traceEventsFile: String? = nil,
    historyLimit: Int = 100,
    configuration: RuntimeConfiguration = .default,
    screen: @escaping (WorkflowType.Rendering) -> any TextScreen,
    scheduler: any DateScheduler = QueueScheduler.main,
    autosaveDelay: Duration = AutosaveSchedule.autosaveDelay
  ) throws(ReplStartFailure) {
    var configuration = configuration
    configuration.historyLimit = historyLimit  // traps when negative
    self.name = name
    let warnings = ReplWarnings()
    self.warnings = warnings
    let tracer = WorkflowTracer(capacity: Self.traceCapacity)
    self.tracer = tracer
    self.historyLimit = historyLimit
    self.scheduler = scheduler
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
    self.traceEventsFile = traceEventsFile.flatMap {
      Self.startTraceEventsFile($0, of: tracer, warnings: warnings)
    }
    self.makeScreen = screen
    file?.lastSaved = try? host.snapshot()
    autosaver = Autosaver(
      file: file, delay: autosaveDelay, scheduler: scheduler, snapshot: { try host.snapshot() })
    rendering = host.rendering.value
    renderingObservation = host.rendering.signal.observeValues { [weak self] rendering in
      MainActor.assumeIsolated { self?.renderingDidChange(rendering) }
    }
    autosaver.didFlush = { [weak self] in self?.autosaveDidFlush() }
    autosaver.didSave = { [weak self] in
      guard let self else { return }
      console?.note(.saved(linesRead: linesRead))
    }
  }

  isolated deinit {
    renderingObservation?.dispose()
    screenWaitTimer?.dispose()
  }

  // MARK: What happens

  /// Shows the warnings so far and the first screen on `console`, which the session uses from
  /// now on.
  package func start(on console: any ReplConsole) {
    precondition(
      self.console == nil, "ReplSession '\(name)': start(on:) was called twice; start it once")
    self.console = console
    // The screen depends on whether a person types (what it offers to complete).
    published = nil
    machine = ReplStateMachine(
      showsScreensBetweenCommands: console.showsScreensBetweenCommands,
      waitsForScreens: console.waitsForScreens)
    frames.noteTold(current.notices)
    perform(machine.start())
  }

  /// Handles what the input side says, and returns what it is to do next; nil when the answer
  /// waits for something (`:await` waits for the next screen), and then comes through
  /// ``answerLater``.
  package func receive(_ event: InputEvent) -> InputRequest? {
    precondition(
      !awaitsAnswer,
      "ReplSession '\(name)': \(event) arrived before the last event was answered; wait for"
        + " the answer")
    awaitsAnswer = true
    isReceiving = true
    defer {
      isReceiving = false
      answer = nil
    }
    switch event {
    case .inputWillWait:
      perform(machine.inputWillWait())
      console?.note(.waiting(linesRead: linesRead))
    case .line(let text):
      linesRead += 1
      defer { typedLineMark = nil }
      perform(
        machine.receive(ReplLine(text, on: current, isInteractive: isInteractive)))
      console?.note(.handled(linesRead: linesRead))
    case .secret(let secret):
      perform(machine.receive(secret: secret))
    case .endOfInput:
      perform(machine.endOfInput())
    }
    return answer
  }

  /// Ends the app for `reason` (a signal, a closed output), after saving what is unsaved.
  package func leave(_ reason: ExitReason) {
    perform(machine.leave(reason))
  }

  /// The line being typed is now `text` (on a terminal, before Enter): a screen whose
  /// ``Question`` is answered as typed gets the answer at once, as a timer's change would
  /// come, and the new screen is shown above the line.
  ///
  /// Only while the session waits for a line: a change that arrives after the line was
  /// entered is stale.
  package func typedLineDidChange(_ text: String) {
    guard machine.phase == .idle,
      case .command(let command, let values)? = ReplLine.answerAsTyped(text, on: current)
    else { return }
    if typedLineMark == nil, historyLimit > 0 { typedLineMark = host.history.last?.number }
    // The reply is the line's to give when it is entered; a refusal now is not news.
    _ = command.perform(values)
  }

  /// Lays the screen out again at the console's new width and shows it.
  package func widthDidChange() {
    perform(machine.widthDidChange())
  }

  private func renderingDidChange(_ rendering: WorkflowType.Rendering) {
    self.rendering = rendering
    published = nil
    if marksNextStep { markStepBeforeCommand() }
    perform(machine.renderingDidChange())
  }

  /// Notes the step before the one the running command just made, once per command: the
  /// history is read only for commands that change something.
  private func markStepBeforeCommand() {
    marksNextStep = false
    let steps = host.history
    guard steps.count >= 2 else { return }
    addUndoMark(steps[steps.count - 2].number)
  }

  /// Gets ready to mark where `:undo` goes back to for `command`, about to run from a line:
  /// before what the line changed as it was typed, if it did, or else before the command's
  /// first step.
  func prepareUndoMark(for command: Command) {
    let typedMark = typedLineMark
    typedLineMark = nil
    guard command.isUndoable, historyLimit > 0 else { return }
    if let typedMark, host.history.last?.number != typedMark {
      addUndoMark(typedMark)
    } else {
      marksNextStep = true
    }
  }

  private func addUndoMark(_ number: Int) {
    undoMarks.append(number)
    if undoMarks.count > historyLimit { undoMarks.removeFirst() }
  }

  private func autosaveDidFlush() {
    perform(machine.autosaveDidFlush())
  }

  // MARK: Effects

  /// Does what a transition returned, in order.
  private func perform(_ effects: [ReplEffect]) {
    machine.checkInvariants()
    for effect in effects {
      switch effect {
      case .remember(let entry):
        console?.remember(entry)
      case .save(let moment):
        autosaver.note(moment)
      case .run(let runnable):
        let (reply, snapshot) = run(runnable)
        perform(machine.lineDidRun(reply: reply, savedSnapshot: snapshot))
      case .show(let plan):
        show(plan)
      case .startScreenWait:
        let deadline = scheduler.now + ReplStateMachine.screenWaitLimit
        screenWaitTimer = scheduler.schedule(after: deadline) { [weak self] in
          MainActor.assumeIsolated {
            guard let self else { return }
            self.perform(self.machine.screenWaitEnded(timedOut: true))
          }
        }
      case .finishScreenWaitIfChanged:
        if hasUnseenScreen { perform(machine.screenWaitEnded(timedOut: false)) }
      case .stopScreenWait:
        screenWaitTimer?.dispose()
        screenWaitTimer = nil
      case .reply(let request):
        answer(request)
      case .exit(let reason):
        if !writeTraceEventsFile() { show(FramePlan(screen: .never, isOnlyForWarnings: true)) }
        console?.end(reason)
        // A console that returns (a script's) reads no more.
        if awaitsAnswer { answer(.stop) }
      }
    }
  }

  /// Answers the event received last: as ``receive(_:)``'s result while it runs, later through
  /// ``answerLater``.
  private func answer(_ request: InputRequest) {
    precondition(
      awaitsAnswer, "ReplSession '\(name)': an answer (\(request)) with no event to answer")
    awaitsAnswer = false
    if isReceiving {
      answer = request
    } else {
      answerLater?(request)
    }
  }

  private func show(_ plan: FramePlan) {
    guard let console, !plan.isOnlyForWarnings || warnings.hasPending else { return }
    let screen = current
    let frame = frames.frame(
      for: plan, screen: screen, width: max(1, console.width), takeWarnings: warnings.take)
    guard !frame.isEmpty else { return }
    console.show(frame)
    if frame.screen != nil {
      console.screenDidChange(screen)
    }
  }

  // MARK: The current screen

  /// Whether a person types the lines (the console says).
  private var isInteractive: Bool { console?.isInteractive ?? false }

  /// The current rendering's screen, made once per rendering.
  var current: PublishedScreen {
    if let published { return published }
    let made = PublishedScreen(
      screen: makeScreen(rendering), appName: name, isInteractive: isInteractive)
    published = made
    return made
  }

  /// The prompt shown before each line: the app's name, then where the screen says the user
  /// is (``TextScreen/promptPath``), as in `samples/todo> `.
  package var prompt: String { current.prompt }

  /// The screen of the current rendering.
  package var currentScreen: any TextScreen { current.screen }

  /// What tab completion offers on the current screen, the built-in commands included.
  package var completionModel: CompletionModel { current.completionModel }

  /// Whether the current screen differs from the one last shown.
  package var hasUnseenScreen: Bool {
    frames.hasUnseenScreen(current, width: max(1, console?.width ?? 80))
  }

  /// Where the session stands.
  package var phase: ReplStateMachine.Phase { machine.phase }

  /// How many times the state file was written, for tests.
  package var stateFileWriteCount: Int { autosaver.writeCount }

  /// `text` with control characters (escape codes included) made visible.
  ///
  /// The terminal writer (``ReplStyle/render(_:)``) does this to everything it writes; this is
  /// for text that is measured or cut before it gets there.
  package static func displaySafe(_ text: String) -> String {
    TextLayout.visible(text)
  }
}
