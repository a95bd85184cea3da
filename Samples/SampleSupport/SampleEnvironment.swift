// SPDX-License-Identifier: Apache-2.0

import Foundation
import WorkflowReactive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a sample app takes from the outside world: its clock and where it keeps files.
///
/// Samples never read the real clock or the process environment themselves, so tests pass a
/// `TestScheduler` and a temporary folder, and a scripted session gets a `TestScheduler` that
/// runs work due at once immediately (``virtualClock``).
public struct SampleEnvironment: Sendable {
  /// The scheduler every delay, timer and debounce in the app runs on.
  public var scheduler: any DateScheduler

  /// The clock of a scripted session, which the app advances with a `wait` command; `nil` when
  /// time runs for real.
  public var virtualClock: TestScheduler?

  /// The folder in which apps keep their state, one subfolder per app.
  public var stateDirectory: URL

  /// The process environment variables apps may consult (e.g. `TODO_FILE`).
  public var variables: [String: String]

  /// Creates an environment from its parts.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler for delays, timers and debounces.
  ///   - virtualClock: The scripted clock, when `scheduler` is one.
  ///   - stateDirectory: The folder for the apps' files.
  ///   - variables: Environment variables the apps may consult.
  public init(
    scheduler: any DateScheduler, virtualClock: TestScheduler? = nil, stateDirectory: URL,
    variables: [String: String] = [:]
  ) {
    self.scheduler = scheduler
    self.virtualClock = virtualClock
    self.stateDirectory = stateDirectory
    self.variables = variables
  }

  /// Whether delays are collapsed to zero because the session is scripted.
  public var isScripted: Bool { virtualClock != nil }

  /// Returns `delay` in a live session and zero in a scripted one.
  public func delay(_ delay: Duration) -> Duration {
    isScripted ? .zero : delay
  }

  /// The environment of this process.
  ///
  /// Time is virtual when standard input is not a terminal or `WORKFLOW_SAMPLES_CLOCK` is
  /// `virtual` (and real when it is `real`). The state folder is `$XDG_STATE_HOME`, else
  /// `~/.local/state`.
  public static func current() -> SampleEnvironment {
    let variables = ProcessInfo.processInfo.environment
    let isVirtual: Bool
    switch variables["WORKFLOW_SAMPLES_CLOCK"] {
    case "virtual": isVirtual = true
    case "real": isVirtual = false
    default: isVirtual = isatty(STDIN_FILENO) == 0
    }
    let stateDirectory = Self.stateDirectory(in: variables)
    if isVirtual {
      let clock = TestScheduler(runsDueActionsImmediately: true)
      return SampleEnvironment(
        scheduler: clock, virtualClock: clock, stateDirectory: stateDirectory,
        variables: variables)
    }
    return SampleEnvironment(
      scheduler: QueueScheduler.main, stateDirectory: stateDirectory, variables: variables)
  }

  /// The state folder named by `variables`: `XDG_STATE_HOME` when set and absolute, else
  /// `~/.local/state`.
  public static func stateDirectory(in variables: [String: String]) -> URL {
    if let xdg = variables["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true)
    }
    let home = variables["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/state", isDirectory: true)
  }
}
