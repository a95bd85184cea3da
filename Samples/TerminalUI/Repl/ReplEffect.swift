// SPDX-License-Identifier: Apache-2.0

import Workflow

/// What a ``ReplStateMachine`` transition asks the session to do, in order.
package enum ReplEffect {
  /// Keep the line in the input's history (the line editor's, on a terminal).
  case remember(String)
  /// Tell the autosaver what happened; it decides whether to write the state file.
  case save(AutosaveMoment)
  /// Run the command or built-in; the session then calls
  /// ``ReplStateMachine/lineDidRun(reply:savedSnapshot:)``.
  case run(ReplLine.Runnable)
  /// Show a frame: print it, or redraw the live region.
  case show(FramePlan)
  /// Start waiting for the next screen, for ``ReplStateMachine/screenWaitLimit`` at most.
  case startScreenWait
  /// Finish the wait for the next screen when the screen differs from the one shown.
  case finishScreenWaitIfChanged
  /// Stop the timer of the wait for the next screen.
  case stopScreenWait
  /// Tell the input what to do next.
  case reply(InputRequest)
  /// End the app.
  case exit(ExitReason)
}

extension ReplEffect: CustomStringConvertible {
  /// A short text naming the effect and its values, for tests and failure messages.
  package var description: String {
    switch self {
    case .remember(let entry): "remember(\(entry))"
    case .save(let moment): "save(\(moment))"
    case .run(let runnable): "run(\(runnable))"
    case .show(let plan): "show(\(plan))"
    case .startScreenWait: "startScreenWait"
    case .finishScreenWaitIfChanged: "finishScreenWaitIfChanged"
    case .stopScreenWait: "stopScreenWait"
    case .reply(let request): "reply(\(request))"
    case .exit(let reason): "exit(\(reason))"
    }
  }
}

/// What a frame is to hold; the session fills in the notices, the warnings and the screen's
/// lines when it shows it (see ``FrameComposer``).
package struct FramePlan: Hashable, Sendable, CustomStringConvertible {
  /// How a wait for the next screen ended.
  package enum ScreenWaitEnd: Hashable, Sendable {
    /// The screen changed.
    case screenChanged
    /// No screen came in time.
    case timedOut
  }

  /// When the frame includes the screen.
  package enum ScreenPolicy: String, Hashable, Sendable {
    /// Not at all.
    case never
    /// When its lines differ from those shown last.
    case ifChanged
    /// In any case.
    case always
  }

  /// The line typed, as the transcript shows it.
  package var echo: ReplFrame.Echo?
  /// Lines for the transcript: the reply to the line.
  package var transcript: [TerminalText]
  /// When the screen is included.
  package var screen: ScreenPolicy
  /// Whether the warnings queued so far are included.
  package var includesWarnings: Bool
  /// Whether the frame is shown only when warnings are queued (between commands, before the
  /// app ends).
  package var isOnlyForWarnings: Bool
  /// How a wait for the next screen (`:await`) ended, when the frame ends one: one that timed
  /// out says so when the screen did not change.
  package var endsScreenWait: ScreenWaitEnd?

  package init(
    echo: ReplFrame.Echo? = nil, transcript: [TerminalText] = [], screen: ScreenPolicy,
    includesWarnings: Bool = true, isOnlyForWarnings: Bool = false,
    endsScreenWait: ScreenWaitEnd? = nil
  ) {
    self.echo = echo
    self.transcript = transcript
    self.screen = screen
    self.includesWarnings = includesWarnings
    self.isOnlyForWarnings = isOnlyForWarnings
    self.endsScreenWait = endsScreenWait
  }

  package var description: String {
    var parts: [String] = []
    if let echo { parts.append("echo: \(echo.line)") }
    if !transcript.isEmpty { parts.append("lines: \(transcript.map(\.plainText))") }
    parts.append("screen: \(screen.rawValue)")
    if !includesWarnings { parts.append("no warnings") }
    if isOnlyForWarnings { parts.append("only for warnings") }
    if let endsScreenWait { parts.append("ends a wait: \(endsScreenWait)") }
    return parts.joined(separator: ", ")
  }
}

/// How an app ends.
package enum ExitReason: Hashable, Sendable, CustomStringConvertible {
  /// `quit`, Ctrl-D, the end of the input: the process exits with this status.
  case finished(status: Int32)
  /// A signal (`SIGTERM`, `SIGHUP`, or `SIGPIPE` for a closed output): the process dies of it,
  /// so that a shell shows 128 plus its number.
  case signal(Int32)

  package var description: String {
    switch self {
    case .finished(let status): "finished(\(status))"
    case .signal(let number): "signal(\(number))"
    }
  }
}
