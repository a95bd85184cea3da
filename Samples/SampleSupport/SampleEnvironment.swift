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
  ///
  /// When the environment names none (neither `XDG_STATE_HOME` nor `HOME` is an absolute
  /// path, see ``stateDirectory(in:)``), reading it prints why to standard error and exits with
  /// status 2, rather than keeping files in the current folder.
  public var stateDirectory: URL {
    get {
      switch storedStateDirectory {
      case .success(let folder): return folder
      case .failure(let problem): Self.refuse(problem)
      }
    }
    set { storedStateDirectory = .success(newValue) }
  }

  private var storedStateDirectory: Result<URL, StateDirectoryProblem>

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
    self.storedStateDirectory = .success(stateDirectory)
    self.variables = variables
  }

  private init(
    scheduler: any DateScheduler, virtualClock: TestScheduler? = nil,
    stateDirectory: Result<URL, StateDirectoryProblem>, variables: [String: String]
  ) {
    self.scheduler = scheduler
    self.virtualClock = virtualClock
    self.storedStateDirectory = stateDirectory
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
    let stateDirectory = Result { () throws(StateDirectoryProblem) in
      try Self.stateDirectory(in: variables)
    }
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
  ///
  /// - Throws: ``StateDirectoryProblem`` when `HOME` is empty or relative (and
  ///   `XDG_STATE_HOME` does not name a folder): the state would land in the current folder.
  public static func stateDirectory(
    in variables: [String: String]
  ) throws(StateDirectoryProblem) -> URL {
    if let xdg = variables["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true)
    }
    let home = variables["HOME"] ?? NSHomeDirectory()
    guard home.hasPrefix("/") else { throw StateDirectoryProblem(home: home) }
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/state", isDirectory: true)
  }

  private static func refuse(_ problem: StateDirectoryProblem) -> Never {
    let program = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent }
    FileHandle.standardError.write(Data("\(program ?? "app"): \(problem)\n".utf8))
    exit(2)
  }
}

/// Why the environment names no folder for the apps' state: `HOME` is empty or relative, and
/// `XDG_STATE_HOME` names no absolute folder either.
public struct StateDirectoryProblem: Error, Hashable, CustomStringConvertible {
  /// The value of `HOME`.
  public var home: String

  /// The problem of a `HOME` set to `home`.
  public init(home: String) {
    self.home = home
  }

  public var description: String {
    let what = home.isEmpty ? "HOME is empty" : "HOME is not an absolute path (\(home))"
    return "cannot keep the app's state: \(what); set HOME or XDG_STATE_HOME to an absolute folder"
  }
}
