// SPDX-License-Identifier: Apache-2.0

import Workflow

extension TerminalApp {
  /// Runs the app in this process on `lines`, as if they were piped to its executable, and
  /// returns the exit status the executable would end with.
  ///
  /// ```swift
  /// var transcript = ""
  /// let app = TerminalApp(name: "todo", workflow: TodoWorkflow())
  /// let status = app.run(arguments: [], lines: ["add milk", "done 1"]) {
  ///   transcript += $0
  /// }
  /// ```
  ///
  /// The session is the one ``run()`` starts when standard input is not a terminal: each line
  /// is echoed after the prompt, the width is 80 columns, there are no colours, and the state
  /// file (if any) is restored and saved. `arguments` are the command-line flags, read as
  /// ``run()`` reads them. Nothing waits: `:await` prints the screen if it changed, or says
  /// that none came, and a secret argument left out of a line is not asked for (the line is not
  /// run). The run ends after the last line or at `quit`.
  ///
  /// Every line is ready, so the app never waits for input: the state file is written when the
  /// first unsaved change is a second old (checked after each line) and when the run ends, not
  /// after every line.
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments after the program's name.
  ///   - lines: The lines typed, without their line breaks.
  ///   - output: Receives everything the app prints, standard error's text included.
  /// - Returns: 0 after the last line or `quit`, 2 for a flag that cannot be read or a restore
  ///   file that cannot be used, 1 for a state file in use by another app.
  public func run(
    arguments: [String], lines: some Sequence<String>, output: @escaping (String) -> Void
  ) -> Int32 {
    let options: AppOptions
    switch AppOptions.parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let error):
      output("\(name): \(error)\n" + AppOptions.usage(appName: name))
      return 2
    }
    if options.showsHelp {
      output(AppOptions.usage(appName: name))
      return 0
    }
    let session: ReplSession<WorkflowType>
    do {
      session = try makeSession(options: options)
    } catch {
      output("\(name): \(error)\n")
      return error.exitStatus
    }
    let console = ScriptConsole(echoesInput: true, write: output)
    session.start(on: console)
    // Nothing waits in a script, so every event is answered at once.
    InputLoop.run(ScriptLines(lines)) { session.receive($0) ?? .stop }
    guard case .finished(let status) = console.endReason else { return 0 }
    return status
  }

  /// The session ``run()`` and ``run(arguments:lines:output:)`` drive.
  func makeSession(options: AppOptions) throws(ReplStartFailure) -> ReplSession<WorkflowType> {
    try ReplSession(
      name: name, workflow: workflow, restoringFrom: options.restoreFile,
      stateFile: stateFile?.path, traceFile: options.traceFile,
      traceEventsFile: options.traceEventsFile, historyLimit: historyLimit,
      configuration: configuration, screen: makeScreen, scheduler: scheduler)
  }
}
