// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts the terminal's settings back when the app crashes (a trap, a bad access, an abort),
/// then lets the process die of the signal.
///
/// A crash handler can reach only global state and call only async-signal-safe functions, so
/// the settings to put back are copied into globals once, by the ``Terminal`` that took charge
/// of an interactive terminal. The handler calls `tcsetattr`, shows the cursor, and raises the
/// signal again under the handling that was there before (Swift's backtracer) when that one
/// would not stop to ask a question, otherwise under the default action: on a terminal the
/// backtracer would wait at its prompt (`SWIFT_BACKTRACE`'s `interactive`, on when both
/// standard input and output are terminals), and the user would be left there.
package enum CrashRestore {
  /// The signals of a crash.
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Installs the handler for ``signals``; the first call wins.
  ///
  /// - Parameters:
  ///   - input: The terminal whose settings are put back.
  ///   - settings: The settings it had at start.
  ///   - output: The terminal the cursor is shown on again, or -1.
  ///   - environment: The process environment, for `SWIFT_BACKTRACE`.
  static func install(
    input: Int32, settings: termios, output: Int32, environment: [String: String]
  ) {
    guard !crashIsInstalled else { return }
    crashIsInstalled = true
    crashInput = input
    crashSettings.initialize(to: settings)
    crashPreviousActions.initialize(repeating: sigaction(), count: crashSignalLimit)
    crashOutput = output
    crashChainsToPrevious = !backtracerWouldPrompt(
      environment: environment, isTerminal: isatty(0) == 1 && isatty(1) == 1)
    for number in signals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = restoreAndReraise
      #else
        action.__sigaction_u.__sa_handler = restoreAndReraise
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      var previous = sigaction()
      sigaction(number, &action, &previous)
      crashPreviousActions[Int(number)] = previous
    }
  }

  /// Whether Swift's backtracer would stop at its prompt after a crash: its `interactive`
  /// setting in `SWIFT_BACKTRACE` (`yes`, `no`, or `tty`, the default, which asks when both
  /// standard input and output are terminals).
  package static func backtracerWouldPrompt(environment: [String: String], isTerminal: Bool) -> Bool
  {
    var interactive = "tty"
    var isEnabled = true
    for setting in (environment["SWIFT_BACKTRACE"] ?? "").split(separator: ",") {
      let parts = setting.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: " ").lowercased()
      }
      guard parts.count == 2 else { continue }
      switch parts[0] {
      case "interactive": interactive = parts[1]
      case "enable": isEnabled = !["no", "false", "0", "off"].contains(parts[1])
      default: break
      }
    }
    guard isEnabled else { return false }
    switch interactive {
    case "no", "false", "0", "off": return false
    case "yes", "true", "1", "on": return true
    default: return isTerminal
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}

// The handler's state: written once, before the handler is installed, and only read by it;
// the settings and the earlier handlings live in memory of their own, which the handler reads
// without Swift's checks of access to a global.
private let crashSignalLimit = 65
nonisolated(unsafe) private var crashIsInstalled = false
nonisolated(unsafe) private var crashInput: Int32 = -1
nonisolated(unsafe) private var crashOutput: Int32 = -1
nonisolated(unsafe) private var crashChainsToPrevious = false
nonisolated(unsafe) private let crashSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
nonisolated(unsafe) private let crashPreviousActions = UnsafeMutablePointer<sigaction>.allocate(
  capacity: crashSignalLimit)

private func restoreAndReraise(_ number: Int32) {
  _ = tcsetattr(crashInput, TCSANOW, crashSettings)
  if crashOutput >= 0 {
    var showCursor: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
      0x1B, 0x5B, 0x3F, 0x32, 0x35, 0x68
    )
    _ = write(crashOutput, &showCursor, 6)
  }
  if crashChainsToPrevious, Int(number) < crashSignalLimit {
    sigaction(number, crashPreviousActions + Int(number), nil)
  } else {
    signal(number, SIG_DFL)
  }
  // Blocked while this handler runs: it is delivered, to the handling just put back, once the
  // handler returns (a fault's instruction also runs again and faults once more).
  raise(number)
}
