// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Workflow

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a workflow whose rendering is a ``TextScreen`` as a terminal app: the entry point of a
/// sample's executable. The `main.swift` of the `split` sample, after its imports:
///
/// ```swift
/// TerminalApp(name: "split", workflow: SplitWorkflow()).run()
/// ```
///
/// The app prints the screen, reads a command line, runs the matching command, and prints the
/// screen again when its text changed (an empty line prints it again anyway). Lines are split
/// into words shell style (quotes group words). Every screen also accepts these built-in
/// commands (a screen command with one of their names is hidden by the built-in):
///
/// - `help` lists the commands; `quit` (or `exit`, `:q`) leaves.
/// - `:tree` prints the live workflow tree; `:trace [count]` the last render passes, each with
///   its cause, the actions applied (with the state fields they changed), and the nodes
///   rendered or reused.
/// - `:save FILE` writes a `WorkflowSnapshot` of the tree to `FILE` (relative to the current
///   directory; `~` is the home folder). Only workflows that adopt `SnapshottableWorkflow`
///   have their state in it.
/// - `:undo` goes back one step, `:history` lists the steps with the action that led to each;
///   the app keeps the last `historyLimit` steps.
/// - `:await` waits up to ten seconds for the next screen; scripts only, so a terminal does not
///   offer it.
///
/// The executable accepts `--restore FILE` (start from a saved snapshot), `--trace FILE`
/// (write every render pass to `FILE` as a line of JSON) and `--help`. A wrong flag prints the
/// usage and exits with status 2, and so does a `--restore` file that cannot be used as a
/// whole, before anything is touched. A trace file that cannot be used gives a warning and the
/// app goes on without it.
///
/// With a `stateFile`, the app saves itself: it starts from the file when it exists (unless
/// `--restore` names another), and writes it again, atomically, behind the changes: when it is
/// about to wait for input, when the first unsaved change is a second old while commands keep
/// coming, and before it ends (the end of input, `quit`, a signal, a closed output), so a burst
/// of piped commands costs one save, not one each. `kill -9` can lose at most that last second
/// of scripted input, never a finished save. A state file that cannot be used is moved aside to
/// `FILE.broken-<n>` before anything is written, and a state file another app holds stops the
/// start with status 1; <doc:StateFiles> has the rules.
///
/// On a terminal, lines are edited with libedit: emacs keys, history (up and down) saved in
/// `$XDG_STATE_HOME/<name>/history` or `~/.local/state/<name>/history` (mode 0600, its folders
/// 0700, secret arguments left out), tab completion of command names and argument values,
/// Ctrl-C to give up the line, Ctrl-D to leave. The current screen is a live region redrawn in
/// place as it changes (a timer's tick), above the half-typed line, which survives; each line
/// entered and its reply go above it into the transcript and stay there, the line with its
/// secrets masked; a secret argument left out of a line is asked for without echo. A resize redraws the region at the new width. Colours are used when
/// standard output is a terminal and `NO_COLOR` is not set. Every piece of text printed has its
/// control characters made visible (`^[`), so no title or saved state can drive the terminal.
///
/// The app ends with status 0 at `quit`, Ctrl-D or the end of its input. `SIGTERM` and
/// `SIGHUP` (also while a line is being edited) save the state, restore the terminal (echo,
/// canonical mode, a visible cursor) and end the app by the signal, which a shell reports as
/// 143 and 129. When its output is closed (`todo | head -1`), the app saves and ends by
/// `SIGPIPE` (141) at its next write instead of reading the rest of its input.
///
/// When standard input is not a terminal, plain lines are read and echoed after the prompt, the
/// width is 80 columns, there are no colours, and screens that change between commands are
/// printed with the next command (or by `:await`), so a scripted session always prints the same
/// transcript.
@MainActor
public struct TerminalApp<WorkflowType: Workflow> {
  let name: String
  let workflow: WorkflowType
  let configuration: RuntimeConfiguration
  let stateFile: URL?
  let historyLimit: Int
  let makeScreen: (WorkflowType.Rendering) -> any TextScreen
  /// The time the state file's saves are scheduled on; tests set one they move by hand.
  package var autosaveClock = AutosaveClock.system

  /// Creates an app for a workflow whose rendering is a screen.
  ///
  /// - Parameters:
  ///   - name: The app's name: the prompt, and the folder of its history file.
  ///   - workflow: The root workflow.
  ///   - configuration: The runtime configuration of the host; `historyLimit` replaces its
  ///     history limit.
  ///   - stateFile: A file to start from, when it exists, and to save to as it changes; its
  ///     folder is created when missing. `nil` saves nothing.
  ///   - historyLimit: How many steps `:undo` and `:history` can reach; 0 keeps none.
  public init(
    name: String,
    workflow: WorkflowType,
    configuration: RuntimeConfiguration = .default,
    stateFile: URL? = nil,
    historyLimit: Int = 100
  ) where WorkflowType.Rendering: TextScreen {
    self.init(
      name: name, workflow: workflow, configuration: configuration, stateFile: stateFile,
      historyLimit: historyLimit
    ) { $0 }
  }

  /// Creates an app for any workflow, turning each rendering into a screen with `screen`.
  ///
  /// - Parameters:
  ///   - name: The app's name: the prompt, and the folder of its history file.
  ///   - workflow: The root workflow.
  ///   - configuration: The runtime configuration of the host; `historyLimit` replaces its
  ///     history limit.
  ///   - stateFile: A file to start from, when it exists, and to save to as it changes; its
  ///     folder is created when missing. `nil` saves nothing.
  ///   - historyLimit: How many steps `:undo` and `:history` can reach; 0 keeps none.
  ///   - screen: Turns a rendering into the screen to show.
  public init(
    name: String,
    workflow: WorkflowType,
    configuration: RuntimeConfiguration = .default,
    stateFile: URL? = nil,
    historyLimit: Int = 100,
    screen: @escaping (WorkflowType.Rendering) -> any TextScreen
  ) {
    var configuration = configuration
    configuration.historyLimit = historyLimit  // traps when negative
    self.name = name
    self.workflow = workflow
    self.configuration = configuration
    self.stateFile = stateFile
    self.historyLimit = historyLimit
    self.makeScreen = screen
  }

  /// Reads the command-line flags, then runs the app until `quit`, Ctrl-D or the end of input,
  /// and exits the process with status 0.
  ///
  /// `--help` prints the usage and exits with status 0; a flag that cannot be read prints what
  /// was wrong and the usage to standard error, and exits with status 2.
  ///
  /// Call it from the main thread; it serves the main actor while it waits for input, so
  /// workers and timers keep running.
  public func run() -> Never {
    signal(SIGPIPE, SIG_IGN)
    let options: AppOptions
    switch AppOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .success(let parsed): options = parsed
    case .failure(let error):
      TerminalOutput.writeError("\(name): \(error)\n" + AppOptions.usage(appName: name))
      exit(2)
    }
    if options.showsHelp {
      TerminalOutput.write(AppOptions.usage(appName: name))
      exit(0)
    }
    AppExit.captureTerminal()
    let environment = HistoryLocation.processEnvironment
    let isInteractive = isatty(0) == 1
    let style = isInteractive ? .detect(environment: environment) : ReplStyle(isColored: false)
    // The session starts first: one that must not (a bad --restore, a state file in use) ends
    // the process before the line editor takes the terminal.
    let session: ReplSession<WorkflowType>
    do {
      session = try makeSession(
        options: options, style: style, isInteractive: isInteractive,
        width: { isInteractive ? TerminalOutput.terminalWidth() ?? 80 : 80 },
        write: { TerminalOutput.write($0) })
    } catch {
      TerminalOutput.writeError("\(name): \(error)\n")
      exit(error.exitStatus)
    }
    AppExit.install { session.saveBeforeExit() }
    let editor =
      isInteractive
      ? EditLineSource(
        programName: name, prompt: "\(name)> ",
        historyFile: HistoryLocation.file(forApp: name, environment: environment))
      : nil
    if let editor {
      // A live screen needs a terminal on both ends that can move its cursor; with output
      // redirected, or on a dumb terminal, the transcript only grows.
      if isatty(1) == 1, environment["TERM"] != "dumb" {
        let display = LiveDisplay(
          style: style, size: { TerminalOutput.windowSize() },
          write: { TerminalOutput.write($0) }, wake: { [weak editor] in editor?.wake() })
        editor.attach(display)
        session.output = display
        editor.windowDidResize = {
          DispatchQueue.main.async { MainActor.assumeIsolated { session.widthDidChange() } }
        }
      }
      session.screenDidChange = { model, prompt in
        editor.setCompletionModel(model)
        editor.setPrompt(prompt)
      }
      editor.setCompletionModel(session.completionModel)
      editor.setPrompt(session.prompt)
    }
    session.start()
    let readLine: @Sendable () -> String?
    let readMayWait: @Sendable () -> Bool
    if let editor {
      readLine = { editor.readLine() }
      // A person types each line.
      readMayWait = { true }
    } else {
      let reader = PlainLineReader(fileDescriptor: 0)
      readLine = { reader.readLine() }
      readMayWait = { reader.nextReadMayWait }
    }
    let loop = InputLoop(
      readLine: readLine,
      readMayWait: readMayWait,
      inputWillWait: {
        DispatchQueue.main.sync { MainActor.assumeIsolated { session.inputWillWait() } }
      },
      handle: { line in
        let (entry, outcome) = DispatchQueue.main.sync {
          MainActor.assumeIsolated { (session.historyEntry(for: line), session.handle(line)) }
        }
        if let entry { editor?.remember(entry) }
        guard case .askSecret(let prompt) = outcome else { return outcome }
        let secret = editor?.readSecret(prompt: prompt)
        return DispatchQueue.main.sync {
          MainActor.assumeIsolated { session.provideSecret(secret) }
        }
      },
      awaitScreen: {
        let changed = DispatchSemaphore(value: 0)
        DispatchQueue.main.sync {
          MainActor.assumeIsolated { session.notifyWhenScreenChanges { changed.signal() } }
        }
        let timedOut = changed.wait(timeout: .now() + .seconds(10)) == .timedOut
        DispatchQueue.main.sync {
          MainActor.assumeIsolated { session.finishAwaiting(timedOut: timedOut) }
        }
      })
    DispatchQueue(label: "TerminalApp.input").async {
      loop.run()
      // Saved and ended on the main actor, so that no flush or timer there is cut short.
      DispatchQueue.main.sync {
        MainActor.assumeIsolated {
          session.saveBeforeExit()
          if isInteractive { TerminalOutput.write("\n") }
          AppExit.leave(status: 0)
        }
      }
    }
    dispatchMain()
  }
}

/// Reads lines on the input thread and hands each to the session, waiting for it to finish so
/// that the next prompt comes after the output.
///
/// Before a read that may wait, the session is told (``ReplSession/inputWillWait()``), so that
/// it saves what is unsaved; before a read that returns at once (the next piped line is ready)
/// it is not, so a burst of lines costs one save.
package struct InputLoop: Sendable {
  /// The next line, or nil at the end of the input.
  let readLine: @Sendable () -> String?
  /// Whether the next read may wait for input.
  let readMayWait: @Sendable () -> Bool
  /// Tells the session that the app waits for input.
  let inputWillWait: @Sendable () -> Void
  /// Hands a line to the session; asks for a secret itself, returning what the line led to.
  let handle: @Sendable (String) -> ReplOutcome
  /// Waits for the screen to change, for `:await`.
  let awaitScreen: @Sendable () -> Void

  /// Creates a loop from its parts, each called on the loop's thread.
  package init(
    readLine: @escaping @Sendable () -> String?,
    readMayWait: @escaping @Sendable () -> Bool,
    inputWillWait: @escaping @Sendable () -> Void,
    handle: @escaping @Sendable (String) -> ReplOutcome,
    awaitScreen: @escaping @Sendable () -> Void
  ) {
    self.readLine = readLine
    self.readMayWait = readMayWait
    self.inputWillWait = inputWillWait
    self.handle = handle
    self.awaitScreen = awaitScreen
  }

  /// Reads and hands on lines until the input ends or a line quits.
  package func run() {
    while true {
      if readMayWait() { inputWillWait() }
      guard let line = readLine() else { return }
      switch handle(line) {
      case .proceed, .askSecret: continue
      case .quit: return
      case .awaitScreen: awaitScreen()
      }
    }
  }
}
