// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Workflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a workflow whose rendering is a ``TextScreen`` as a terminal app: the entry point of a
/// sample's executable.
///
/// ```swift
/// // main.swift
/// TerminalApp(name: "todo", workflow: TodoWorkflow()).run()
/// ```
///
/// The app prints the screen, reads a command line, runs the matching command, and prints the
/// screen again when its text changed (an empty line prints it again anyway). Lines are split
/// into words shell style (quotes group words). Every screen also accepts `help`, `quit`,
/// `:tree` (the live workflow tree), `:trace` (recent actions and render passes) and `:await`
/// (wait up to ten seconds for the next screen); a screen command with one of these names is
/// hidden by the built-in.
///
/// On a terminal, lines are edited with libedit: emacs keys, history (up and down) saved in
/// `$XDG_STATE_HOME/<name>/history` or `~/.local/state/<name>/history`, tab completion of
/// command names and argument values, Ctrl-C to clear the line, Ctrl-D to leave. Screens that
/// change while a line is being typed (timers, workers) are printed at once, and the line is
/// redrawn under them. Colours are used when standard output is a terminal and `NO_COLOR` is
/// not set.
///
/// When standard input is not a terminal, plain lines are read and echoed after the prompt, the
/// width is 80 columns, there are no colours, and screens that change between commands are
/// printed with the next command (or by `:await`), so a scripted session always prints the same
/// transcript.
@MainActor
public struct TerminalApp<WorkflowType: Workflow> {
  private let name: String
  private let workflow: WorkflowType
  private let configuration: RuntimeConfiguration
  private let makeScreen: (WorkflowType.Rendering) -> any TextScreen

  /// Creates an app for a workflow whose rendering is a screen.
  ///
  /// - Parameters:
  ///   - name: The app's name: the prompt, and the folder of its history file.
  ///   - workflow: The root workflow.
  ///   - configuration: The runtime configuration of the host.
  public init(
    name: String, workflow: WorkflowType, configuration: RuntimeConfiguration = .default
  ) where WorkflowType.Rendering: TextScreen {
    self.init(name: name, workflow: workflow, configuration: configuration) { $0 }
  }

  /// Creates an app for any workflow, turning each rendering into a screen with `screen`.
  ///
  /// - Parameters:
  ///   - name: The app's name: the prompt, and the folder of its history file.
  ///   - workflow: The root workflow.
  ///   - configuration: The runtime configuration of the host.
  ///   - screen: Turns a rendering into the screen to show.
  public init(
    name: String,
    workflow: WorkflowType,
    configuration: RuntimeConfiguration = .default,
    screen: @escaping (WorkflowType.Rendering) -> any TextScreen
  ) {
    self.name = name
    self.workflow = workflow
    self.configuration = configuration
    self.makeScreen = screen
  }

  /// Runs the app until `quit`, Ctrl-D or the end of input, then exits the process with
  /// status 0.
  ///
  /// Call it from the main thread; it serves the main actor while it waits for input, so
  /// workers and timers keep running.
  public func run() -> Never {
    signal(SIGPIPE, SIG_IGN)
    let environment = HistoryLocation.processEnvironment
    let isInteractive = isatty(0) == 1
    let editor =
      isInteractive
      ? EditLineSource(
        programName: name, prompt: "\(name)> ",
        historyFile: HistoryLocation.file(forApp: name, environment: environment))
      : nil
    let session = ReplSession(
      name: name, workflow: workflow, configuration: configuration, screen: makeScreen,
      style: editor == nil ? ReplStyle(isColored: false) : .detect(environment: environment),
      echoesInput: editor == nil,
      width: { editor == nil ? 80 : TerminalOutput.terminalWidth() ?? 80 },
      write: { TerminalOutput.write($0) })
    if let editor {
      session.showAsynchronously = { editor.show($0) }
      session.completionModelDidChange = { editor.setCompletionModel($0) }
      editor.setCompletionModel(session.completionModel)
    }
    session.start()
    let readLine: @Sendable () -> String?
    if let editor {
      readLine = { editor.readLine() }
    } else {
      let reader = UncheckedBox(PlainLineReader(fileDescriptor: 0))
      readLine = { reader.value.readLine() }
    }
    let loop = InputLoop(
      readLine: readLine,
      handle: { line in
        DispatchQueue.main.sync { MainActor.assumeIsolated { session.handle(line) } }
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
      },
      isInteractive: isInteractive)
    DispatchQueue(label: "TerminalApp.input").async { loop.run() }
    dispatchMain()
  }
}

/// Reads lines on the input thread and hands each to the session on the main actor, waiting
/// for it to finish so that the next prompt comes after the output.
private struct InputLoop: Sendable {
  let readLine: @Sendable () -> String?
  let handle: @Sendable (String) -> ReplOutcome
  let awaitScreen: @Sendable () -> Void
  let isInteractive: Bool

  func run() -> Never {
    while let line = readLine() {
      switch handle(line) {
      case .proceed: continue
      case .quit: exit(0)
      case .awaitScreen: awaitScreen()
      }
    }
    if isInteractive { TerminalOutput.write("\n") }
    exit(0)
  }
}

/// Hands a value that only one thread uses to that thread.
private final class UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
