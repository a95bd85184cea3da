// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every way a ``TerminalApp`` ends, each one leaving the terminal as it found it and its state
/// file holding the state (the app saves behind its changes, so what is unsaved is saved here).
///
/// - `quit`, Ctrl-D or the end of the input: the state is saved; status 0.
/// - `SIGTERM` or `SIGHUP` (the terminal closed), also while the line editor waits: the state
///   is saved, the terminal restored, and the app dies of the same signal, so the shell sees
///   143 or 129 as it does for any program.
/// - Standard output closed under it (`todo | head -1` once `head` is gone): the state is
///   saved and the app dies of `SIGPIPE`, as `yes | head -1` does: status 141. It notices at
///   its next write, so it ends promptly, not at the end of its input.
///
/// Restoring the terminal means: the settings it had at start (echo, canonical mode, which
/// libedit turns off while it reads a line) and a visible cursor.
enum AppExit {
  private static let terminal = Mutex<termios?>(nil)
  private static let isLeaving = Atomic<Bool>(false)
  nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []
  /// Marks the main queue, whose blocks may run on any thread once `dispatchMain()` parked
  /// the main thread (as it does on Linux).
  private static let mainQueueKey = DispatchSpecificKey<Bool>()

  /// Remembers the terminal's settings, to put them back on exit.
  static func captureTerminal() {
    guard isatty(0) == 1 else { return }
    var settings = termios()
    guard tcgetattr(0, &settings) == 0 else { return }
    terminal.withLock { $0 = settings }
  }

  /// Puts back the settings captured at start and shows the cursor.
  static func restoreTerminal() {
    if var settings = terminal.withLock({ $0 }) {
      _ = tcsetattr(0, TCSANOW, &settings)
    }
    if isatty(1) == 1 {
      var bytes = Array("\u{1B}[?25h".utf8)
      _ = write(1, &bytes, bytes.count)
    }
  }

  /// Handles `SIGTERM`, `SIGHUP` and a closed standard output from now on: `save` runs on the
  /// main actor, then the app dies of the signal.
  @MainActor
  static func install(save: @escaping @MainActor () -> Void) {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    for number in [SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated { die(of: number, after: save, newLine: number == SIGTERM) }
      }
      source.resume()
      signalSources.append(source)
    }
    TerminalOutput.onClosedOutput {
      if DispatchQueue.getSpecific(key: mainQueueKey) == true {
        MainActor.assumeIsolated { die(of: SIGPIPE, after: save, newLine: false) }
      } else {
        DispatchQueue.main.async { die(of: SIGPIPE, after: save, newLine: false) }
        // This thread writes no more; the main actor ends the process.
        while true { pause() }
      }
    }
  }

  /// Leaves with `status` after restoring the terminal.
  static func leave(status: Int32) -> Never {
    restoreTerminal()
    exit(status)
  }

  /// Saves, restores the terminal, and ends the process by `signalNumber`'s default action.
  @MainActor
  private static func die(
    of signalNumber: Int32, after save: @MainActor () -> Void, newLine: Bool
  ) {
    guard !isLeaving.exchange(true, ordering: .relaxed) else { return }
    save()
    restoreTerminal()
    // The shell's next prompt starts on a line of its own.
    if newLine, isatty(1) == 1 {
      var bytes = Array("\r\n".utf8)
      _ = write(1, &bytes, bytes.count)
    }
    signal(signalNumber, SIG_DFL)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, signalNumber)
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    raise(signalNumber)
    // Only if the signal could not end the process: the status a shell would show for it.
    _exit(128 + signalNumber)
  }
}
