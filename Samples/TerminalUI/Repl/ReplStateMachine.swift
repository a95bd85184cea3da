// SPDX-License-Identifier: Apache-2.0

import Workflow

// The REPL's life, as this state machine runs it. ``ReplSession`` owns the machine, feeds it
// what happens (a line, a secret, a new rendering, a signal) and performs the effects each
// transition returns, in order (`-> effects`).
//
//   starting --- start() -> show the first screen ---> idle <-------------------------------+
//                                                      |  |                                  |
//     inputWillWait() -> save, warnings, reply(line)   |  | receive(line):                   |
//     renderingDidChange() -> save (and show, live)    |  |  blank, malformed, answered      |
//     widthDidChange() -> show the screen again        |  |    -> show, reply(line) ---------+
//                                                      |  |  a command or built-in           |
//           +------ receive(line) asks a secret -------+  |    -> run  ---> handlingLine     |
//           |       -> reply(secret)                      |                  | lineDidRun   |
//           v                                             |                  | -> show,     |
//    awaitingSecret -- receive(secret:) given -> run -----|-> handlingLine   |   reply(line)-+
//           |          none -> show, reply(line) ---------|------------------------------->  |
//           |                                             | receive(line) `:await`            |
//           |                                             v                                   |
//           |                                      awaitingScreen -- screenWaitEnded(...) ---+
//           |                                             |          -> show, reply(line)
//           v                                             v
//   any phase but exiting --- endOfInput(), `quit`, leave(reason) -> save, show, exit ---> exiting
//
// Renderings that arrive while a line runs (handlingLine) only mark the state unsaved: the
// line's own frame shows the screen. A transition called in a phase that does not allow it
// traps, printing the phase.

/// The phases of a REPL session and the rules for moving between them, without a terminal, a
/// host or a file: each transition returns the ``ReplEffect``s that ``ReplSession`` performs.
package struct ReplStateMachine {
  /// Where the session stands.
  package enum Phase: Hashable, Sendable, CustomStringConvertible {
    /// Made; the first screen is not shown yet.
    case starting
    /// Waiting for, or reading, the next line.
    case idle
    /// A line's command runs; its frame comes when it ends.
    case handlingLine
    /// The input reads the secret the line left out.
    case awaitingSecret
    /// `:await` waits for the next screen.
    case awaitingScreen
    /// The app ends; nothing more is read.
    case exiting

    package var description: String {
      switch self {
      case .starting: "starting"
      case .idle: "idle"
      case .handlingLine: "handlingLine"
      case .awaitingSecret: "awaitingSecret"
      case .awaitingScreen: "awaitingScreen"
      case .exiting: "exiting"
      }
    }
  }

  /// How long `:await` waits for the next screen.
  package static let screenWaitLimit = Duration.seconds(10)

  /// Where the session stands.
  package private(set) var phase = Phase.starting
  /// Whether screens that change between commands are shown at once (a live terminal).
  let showsScreensBetweenCommands: Bool
  /// Whether `:await` may wait; a script run in process cannot, and ends it at once.
  let waitsForScreens: Bool
  /// The line being handled, or waiting for its secret.
  private var heldLine: ReplLine?

  /// Creates a machine in the ``Phase/starting`` phase.
  package init(showsScreensBetweenCommands: Bool, waitsForScreens: Bool) {
    self.showsScreensBetweenCommands = showsScreensBetweenCommands
    self.waitsForScreens = waitsForScreens
  }

  // MARK: Transitions

  /// The session starts: the first screen is shown, with the warnings so far.
  package mutating func start() -> [ReplEffect] {
    guard phase == .starting else { illegal("start()") }
    phase = .idle
    return [.save(.checkpoint), .show(FramePlan(screen: .always))]
  }

  /// The input is about to wait for the next line: what is unsaved is saved, and warnings
  /// are shown at once on a live terminal.
  package mutating func inputWillWait() -> [ReplEffect] {
    guard phase == .idle else { illegal("inputWillWait()") }
    return showsScreensBetweenCommands
      ? [.save(.inputWillWait), .save(.checkpoint), .show(Self.warningsOnly), .reply(.readLine)]
      : [.save(.inputWillWait), .reply(.readLine)]
  }

  /// A line was read.
  package mutating func receive(_ line: ReplLine) -> [ReplEffect] {
    guard phase == .idle else { illegal("receive(line:)") }
    // A command runs: the line's frame comes when it ends. (The most frequent case, made
    // without appending to the list.)
    if case .run(let runnable) = line.request {
      phase = .handlingLine
      heldLine = line
      guard let entry = line.historyEntry else { return [.save(.lineWillRun), .run(runnable)] }
      return [.save(.lineWillRun), .remember(entry), .run(runnable)]
    }
    var effects: [ReplEffect] = [.save(.lineWillRun)]
    if let entry = line.historyEntry { effects.append(.remember(entry)) }
    let echo = line.echo
    switch line.request {
    case .blank:
      effects += [.save(.checkpoint), .show(FramePlan(echo: echo, screen: .always))]
    case .malformed(let message):
      let error = TerminalText(message, style: .error)
      effects += [
        .save(.checkpoint), .show(FramePlan(echo: echo, transcript: [error], screen: .never)),
      ]
    case .answer(let lines):
      effects += [
        .save(.checkpoint), .show(FramePlan(echo: echo, transcript: lines, screen: .ifChanged)),
      ]
    case .quit:
      // The app ends: what is unsaved is saved, and a failure told, in this last frame.
      phase = .exiting
      effects += [
        .save(.now(using: nil)), .save(.checkpoint),
        .show(FramePlan(echo: echo, screen: .never)), .exit(.finished(status: 0)),
      ]
      return effects
    case .awaitScreen:
      // The warnings wait for the frame that ends the wait.
      effects += [
        .save(.checkpoint), .show(FramePlan(echo: echo, screen: .never, includesWarnings: false)),
      ]
      guard waitsForScreens else {
        effects += [.save(.checkpoint), .show(Self.waitEnd(timedOut: true))]
        break
      }
      phase = .awaitingScreen
      effects.append(.startScreenWait)
      return effects
    case .askSecret(let prompt):
      // Nothing is shown yet: the line's frame comes once the secret is given.
      phase = .awaitingSecret
      heldLine = line
      effects.append(.reply(.readSecret(prompt: prompt)))
      return effects
    case .run:
      preconditionFailure("ReplStateMachine: a line that runs was handled above")
    }
    effects.append(.reply(.readLine))
    return effects
  }

  /// The secret a line left out was read; nil (Ctrl-C, Ctrl-D) or an empty one gives the line
  /// up.
  package mutating func receive(secret: String?) -> [ReplEffect] {
    guard phase == .awaitingSecret, let line = heldLine else { illegal("receive(secret:)") }
    heldLine = nil
    phase = .idle
    guard let secret, !secret.isEmpty, let completed = line.addingSecret(secret) else {
      let hint = TerminalText("(not run: no secret given)", style: .hint)
      return [
        .save(.checkpoint), .show(FramePlan(echo: line.echo, transcript: [hint], screen: .never)),
        .reply(.readLine),
      ]
    }
    switch completed.request {
    case .run(let runnable):
      phase = .handlingLine
      heldLine = completed
      return [.run(runnable)]
    case .answer(let lines):
      return [
        .save(.checkpoint),
        .show(FramePlan(echo: completed.echo, transcript: lines, screen: .ifChanged)),
        .reply(.readLine),
      ]
    case .blank, .malformed, .quit, .awaitScreen, .askSecret:
      illegal("receive(secret:) completing a line that asks for \(completed.request)")
    }
  }

  /// The line's command or built-in ran and answered `reply`; `savedSnapshot` is the snapshot
  /// `:save` wrote, which brings the state file up to date too.
  package mutating func lineDidRun(
    reply: [TerminalText], savedSnapshot: WorkflowSnapshot? = nil
  ) -> [ReplEffect] {
    guard phase == .handlingLine, let line = heldLine else { illegal("lineDidRun(reply:)") }
    phase = .idle
    heldLine = nil
    let frame = FramePlan(echo: line.echo, transcript: reply, screen: .ifChanged)
    guard let savedSnapshot else {
      return [.save(.checkpoint), .show(frame), .reply(.readLine)]
    }
    return [.save(.now(using: savedSnapshot)), .save(.checkpoint), .show(frame), .reply(.readLine)]
  }

  /// The host published a new rendering.
  package mutating func renderingDidChange() -> [ReplEffect] {
    switch phase {
    case .starting: return [.save(.changed)]
    case .idle, .awaitingSecret:
      return showsScreensBetweenCommands
        ? [.save(.changed), .save(.checkpoint), .show(FramePlan(screen: .ifChanged))]
        : [.save(.changed)]
    case .handlingLine: return [.save(.changedDuringLine)]
    case .awaitingScreen: return [.save(.changed), .finishScreenWaitIfChanged]
    case .exiting: return []
    }
  }

  /// `:await` ends: the screen changed, or the wait timed out.
  package mutating func screenWaitEnded(timedOut: Bool) -> [ReplEffect] {
    guard phase == .awaitingScreen else { illegal("screenWaitEnded(timedOut:)") }
    phase = .idle
    return [
      .stopScreenWait, .save(.checkpoint), .show(Self.waitEnd(timedOut: timedOut)),
      .reply(.readLine),
    ]
  }

  /// The terminal changed its width: the screen is laid out again and shown, unless a line
  /// runs (its frame comes at the new width).
  package mutating func widthDidChange() -> [ReplEffect] {
    switch phase {
    case .idle, .awaitingSecret, .awaitingScreen:
      [.save(.checkpoint), .show(FramePlan(screen: .always))]
    case .starting, .handlingLine, .exiting: []
    }
  }

  /// The autosaver saved at the deadline of the unsaved changes: a failure is told at once on
  /// a live terminal.
  package mutating func autosaveDidFlush() -> [ReplEffect] {
    switch phase {
    case .idle, .awaitingSecret, .awaitingScreen:
      showsScreensBetweenCommands ? [.save(.checkpoint), .show(Self.warningsOnly)] : []
    case .starting, .handlingLine, .exiting: []
    }
  }

  /// The input ended (Ctrl-D, the end of a pipe or a script).
  package mutating func endOfInput() -> [ReplEffect] {
    guard phase == .idle else { illegal("endOfInput()") }
    return leave(.finished(status: 0))
  }

  /// The app ends for `reason` (a signal, a closed output, the end of the input): what is
  /// unsaved is saved and the warnings left are shown; a second reason changes nothing.
  package mutating func leave(_ reason: ExitReason) -> [ReplEffect] {
    guard phase != .exiting else { return [] }
    phase = .exiting
    heldLine = nil
    return [
      .save(.now(using: nil)), .save(.checkpoint),
      .show(FramePlan(screen: .never, isOnlyForWarnings: true)), .exit(reason),
    ]
  }

  // MARK: Frames
  //
  // Every frame comes after a checkpoint of the autosaver: a save that is due is made first,
  // so that its failure is told in that frame.

  /// The warnings queued, shown between commands on a live terminal.
  private static let warningsOnly = FramePlan(screen: .ifChanged, isOnlyForWarnings: true)

  /// The frame that ends a wait for the next screen.
  private static func waitEnd(timedOut: Bool) -> FramePlan {
    FramePlan(screen: .ifChanged, endsScreenWait: timedOut ? .timedOut : .screenChanged)
  }

  /// Checks that the held line goes with the phase; compiled in debug builds only.
  package func checkInvariants() {
    #if DEBUG
      let holds = phase == .handlingLine || phase == .awaitingSecret
      precondition(
        holds == (heldLine != nil),
        "ReplStateMachine: phase \(phase) with\(heldLine == nil ? "out" : "") a held line")
    #endif
  }

  private func illegal(_ transition: String) -> Never {
    fatalError("ReplStateMachine: \(transition) is not allowed in phase \(phase); this is a bug")
  }
}
