// SPDX-License-Identifier: Apache-2.0

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Every way out of an app goes through here, and each one leaves the terminal as it found it
// (its settings at start, a visible cursor):
//
// - `quit`, Ctrl-D or the end of the input: the session saves, then end(.finished(status: 0)).
// - `SIGTERM`, `SIGHUP` (the terminal closed), `SIGQUIT` (Ctrl-\), `SIGINT` (Ctrl-C) outside
//   the line editor, also while the line editor waits, and a closed output (`todo | head -1`
//   once `head` is gone): leave(_:) hands the reason to the session on the main actor, which
//   saves and calls end(.signal(n)); the app dies of the signal, so the shell sees 143, 129,
//   131, 130 or 141 as it does for any program.
// - Another failure to write the output (`todo > /dev/full`): said on standard error, then as
//   above with end(.finished(status: 1)).
// - A second signal, or a main actor that does not take up the way out within exitGrace:
//   end(.signal(n)) from the signal queue, without a last save.
// - A crash (a trap, a bad access): the settings are put back by the crash handler
//   (`CrashRestore`), and the process dies of the signal.
// - Before the session runs (a wrong flag, a state file in use) there is nothing to save:
//   leave(_:) ends at once.

extension Terminal {
  /// Hands every way out from now on to `handler`, on the main actor: it saves what is unsaved
  /// and then calls ``end(_:)``.
  package func onExit(_ handler: @escaping @MainActor @Sendable (ExitReason) -> Void) {
    state.withLock { $0.exitHandler = handler }
  }

  /// Whether the app has started leaving: a way out was asked for and not finished yet.
  package var isLeaving: Bool {
    state.withLock { state in
      if case .leaving = state.exit { return true }
      return false
    }
  }

  /// Starts leaving the app for `reason`, from any thread; the first reason wins and later
  /// ones are ignored.
  ///
  /// The handler given to ``onExit(_:)`` runs on the main actor; without one the app ends at
  /// once.
  package func leave(_ reason: ExitReason) {
    let handler: (@MainActor @Sendable (ExitReason) -> Void)?? = state.withLock { state in
      guard state.exit == .running else { return .none }
      state.exit = .leaving(reason, isTaken: false)
      return .some(state.exitHandler)
    }
    switch handler {
    case .none: return
    case .some(.none): end(reason)
    case .some(.some(let handler)):
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          let isLeaving = self.state.withLock { state in
            guard case .leaving(let first, _) = state.exit else { return false }
            state.exit = .leaving(first, isTaken: true)
            return true
          }
          if isLeaving { handler(reason) }
        }
      }
    }
  }

  /// Leaves for the signal `number`, from the signal queue: through the session's way out
  /// when the main actor takes it up in time, at once when the app is leaving already.
  func leaveOnSignal(_ number: Int32) {
    // A second signal: whoever sent it does not want to wait for the first.
    if isLeaving { end(.signal(number)) }
    leave(.signal(number))
    DispatchQueue.global().asyncAfter(deadline: .now() + exitGrace) {
      let isStuck = self.state.withLock { state in
        if case .leaving(_, isTaken: false) = state.exit { return true }
        return false
      }
      if isStuck { self.end(.signal(number)) }
    }
  }

  /// Restores the terminal and ends the process: with the status, or by the signal's default
  /// action.
  package func end(_ reason: ExitReason) -> Never {
    let isFirst = state.withLock { state in
      defer { state.exit = .ended }
      return state.exit != .ended
    }
    // Another thread is ending the process already.
    guard isFirst else { while true { pause() } }
    restore()
    switch reason {
    case .finished(let status):
      exit(status)
    case .signal(let number):
      // The shell's next prompt starts on a line of its own.
      if [SIGTERM, SIGINT, SIGQUIT].contains(number), isatty(output) == 1 { write("\r\n") }
      signal(number, SIG_DFL)
      var unblocked = sigset_t()
      sigemptyset(&unblocked)
      sigaddset(&unblocked, number)
      pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
      raise(number)
      // Only if the signal could not end the process: the status a shell would show for it.
      _exit(128 + number)
    }
  }
}
