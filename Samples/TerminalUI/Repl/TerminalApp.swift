// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

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
///   rendered or reused; `:trace --export FILE` writes them to `FILE` in the Trace Event Format,
///   for Perfetto, `chrome://tracing` or speedscope.
/// - `:save FILE` writes a `WorkflowSnapshot` of the tree to `FILE` (relative to the current
///   directory; `~` is the home folder). Only workflows that adopt `SnapshottableWorkflow`
///   have their state in it.
/// - `:undo` takes back the last command still in the history, with every step it made
///   (`start all` starts each timer with a step of its own) and those after it; commands that
///   only move the view (``Command/isUndoable`` false, a page of the list) are passed over.
///   A line whose screen answers it as typed (``Question/argumentsOf(_:asTyped:)``, a search)
///   is one command with its keystrokes: `:undo` goes back to before it was typed.
///   `:history` lists the steps with the action that led to each; the app keeps the last
///   `historyLimit` steps.
/// - `:await` waits up to ten seconds for the next screen; scripts only, so a terminal does not
///   offer it.
///
/// The executable accepts `--restore FILE` (start from a saved snapshot), `--trace FILE`
/// (write every render pass to `FILE` as a line of JSON), `--trace-events FILE` (write the last
/// 1,000 steps to `FILE` in the Trace Event Format when the app ends) and `--help`. A wrong
/// flag prints the usage and exits with status 2, and so does a `--restore` file that cannot be
/// used as a whole, before anything is touched. A trace file that cannot be used gives a
/// warning and the app goes on without it.
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
/// 0700, secret arguments left out; anything but a regular file there, such as a FIFO, is not
/// opened and a warning says so), tab completion of command names and argument values,
/// Ctrl-C to give up the line, Ctrl-D to leave. The current screen is a live region redrawn in
/// place as it changes (a timer's tick), above the half-typed line, which survives; each line
/// entered and its reply go above it into the transcript and stay there, the line with its
/// secrets masked; a secret argument left out of a line is asked for without echo. A resize
/// redraws the region at the new width, in place: the terminal is asked where its cursor is,
/// since its reflow may have pushed rows into the scrollback. Colours are used when standard
/// output is a terminal and `NO_COLOR` is not set. Every piece of text printed has its
/// control characters made visible (`^[`), so no title or saved state can drive the terminal.
///
/// The app ends with status 0 at `quit`, Ctrl-D or the end of its input. `SIGTERM`, `SIGHUP`,
/// `SIGQUIT` (Ctrl-\\) and `SIGINT` (Ctrl-C, when no line is being edited: a command runs, or
/// the input is a pipe or a file) save what every line handled so far did, restore the
/// terminal (echo, canonical mode, a visible cursor) and end the app by the signal, which a
/// shell reports as 143, 129, 131 and 130. A second such signal, or a first one the app cannot
/// take up within two seconds (it is stuck in a write or an open), ends it at once, the
/// terminal restored, with what the last save holds. When its output is closed
/// (`todo | head -1`), the app saves and ends by `SIGPIPE` (141) at its next write instead of
/// reading the rest of its input; when a write to it fails otherwise (a full disk,
/// `/dev/full`), the app says so on standard error, saves, and exits with status 1. A crash
/// restores the terminal before the process dies of its signal; Swift's backtracer runs then
/// only when it would not stop at its prompt (see `SWIFT_BACKTRACE`).
///
/// When standard input is not a terminal, plain lines are read and echoed after the prompt, the
/// width is 80 columns, there are no colours, and screens that change between commands are
/// printed with the next command (or by `:await`), so a scripted session always prints the same
/// transcript.
///
/// A program that drives the app can wait for its moments instead of guessing how long they
/// take: with `TERMINALUI_EVENTS` naming a file (typically a FIFO the program reads), the app
/// appends `waiting N` when it is about to wait for input after reading `N` lines (having saved
/// what they changed), `handled N` when it handled its `N`th line, and `saved N` each time its
/// state file holds what `N` lines did.
@MainActor
public struct TerminalApp<WorkflowType: Workflow> {
  let name: String
  let workflow: WorkflowType
  let configuration: RuntimeConfiguration
  let stateFile: URL?
  let historyLimit: Int
  let makeScreen: (WorkflowType.Rendering) -> any TextScreen
  /// The clock of the state file's saves and of `:await`'s time limit; tests set a
  /// `TestScheduler` they move by hand.
  package var scheduler: any DateScheduler = QueueScheduler.main

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
    let terminal = Terminal.standard()
    let options: AppOptions
    switch AppOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .success(let parsed): options = parsed
    case .failure(let error):
      terminal.writeError("\(name): \(error)\n" + AppOptions.usage(appName: name))
      terminal.end(.finished(status: 2))
    }
    if options.showsHelp {
      terminal.write(AppOptions.usage(appName: name))
      terminal.end(.finished(status: 0))
    }
    // The session starts first: one that must not (a bad --restore, a state file in use) ends
    // the process before the line editor takes the terminal.
    let session: ReplSession<WorkflowType>
    do {
      session = try makeSession(options: options)
    } catch {
      terminal.writeError("\(name): \(error)\n")
      terminal.end(.finished(status: error.exitStatus))
    }
    let console = TerminalConsole(appName: name, terminal: terminal)
    console.warnings.forEach(session.warnings.add)
    session.start(on: console)
    console.run(session)
  }
}
