// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// One named countdown: start, pause, reset; it ticks once a second while running.
///
/// The ticking is a ``TickWorker`` rendered only while the countdown runs: pausing simply stops
/// rendering it, and the runtime cancels its timer.
///
/// The time left and the running flag are saved in snapshots. A countdown restored while
/// running keeps running from the saved time left: the time the app was closed does not count
/// (the scheduler's instants mean nothing to another process), and the second that was under
/// way when the snapshot was taken starts over, so the next tick comes a full second after the
/// restore. Undo in the terminal host rebuilds the tree the same way.
public struct CountdownWorkflow: SnapshottableWorkflow {
  /// The countdown's name, shown and used in commands.
  public var name: String
  /// The whole time, in seconds.
  public var seconds: Int
  /// The scheduler the ticks run on.
  public var scheduler: any DateScheduler

  /// Creates a countdown.
  ///
  /// - Parameters:
  ///   - name: Its name.
  ///   - seconds: How long it counts.
  ///   - scheduler: The scheduler of its ticks (a `TestScheduler` in tests).
  public init(name: String, seconds: Int, scheduler: any DateScheduler) {
    self.name = name
    self.seconds = seconds
    self.scheduler = scheduler
  }

  /// What a countdown tells its list.
  public enum Output: Equatable {
    /// It reached zero.
    case finished(name: String)
  }

  // MARK: State

  /// The time left and whether it is running.
  public struct State: Codable, Equatable, CustomStringConvertible {
    /// Seconds left.
    public var remaining: Int
    /// Whether it is counting down.
    public var isRunning = false

    /// A summary for the `:tree` inspector.
    public var description: String {
      "\(remaining)s left, \(isRunning ? "running" : "stopped")"
    }
  }

  /// Starts full and stopped.
  public func makeInitialState() -> State {
    State(remaining: seconds)
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = CountdownWorkflow

    case start
    case pause
    case reset
    case tick

    func apply(toState state: inout State, context: ApplyContext<CountdownWorkflow>) -> Output? {
      switch self {
      case .start:
        state.isRunning = state.remaining > 0
      case .pause:
        state.isRunning = false
      case .reset:
        state.remaining = context.workflow.seconds
        state.isRunning = false
      case .tick:
        guard state.isRunning else { return nil }
        state.remaining = max(0, state.remaining - 1)
        if state.remaining == 0 {
          state.isRunning = false
          return .finished(name: context.workflow.name)
        }
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the countdown's line and controls, and ticks while running.
  public func render(state: State, context: RenderContext<CountdownWorkflow>) -> CountdownRow {
    let sink = context.makeSink(of: Action.self)
    if state.isRunning {
      TickWorker(interval: .seconds(1), scheduler: scheduler)
        .running(in: context, key: "tick") { _ in Action.tick }
    }
    let status = state.isRunning ? "running" : state.remaining == 0 ? "done" : "paused"
    return CountdownRow(
      name: name, remaining: state.remaining, isRunning: state.isRunning,
      line: "\(name): \(Self.clock(state.remaining)) (\(status))",
      onStart: { sink.send(.start) },
      onPause: { sink.send(.pause) },
      onReset: { sink.send(.reset) })
  }

  /// Formats seconds as `m:ss`.
  static func clock(_ seconds: Int) -> String {
    let minutes = seconds / 60
    let rest = seconds % 60
    return "\(minutes):\(rest < 10 ? "0" : "")\(rest)"
  }
}

extension CountdownWorkflow: Equatable {
  /// Whether two countdowns have the same name and length and tick on the same scheduler.
  ///
  /// Lets a countdown that did not change reuse its rendering while a sibling ticks.
  public static func == (lhs: CountdownWorkflow, rhs: CountdownWorkflow) -> Bool {
    lhs.name == rhs.name && lhs.seconds == rhs.seconds && lhs.scheduler === rhs.scheduler
  }
}

/// A rendered countdown: its line and its controls.
public struct CountdownRow {
  /// The countdown's name.
  public var name: String
  /// Seconds left.
  public var remaining: Int
  /// Whether it is counting down.
  public var isRunning: Bool
  /// The countdown as one line of text.
  public var line: String
  /// Starts or resumes it.
  public var onStart: () -> Void
  /// Pauses it.
  public var onPause: () -> Void
  /// Stops it and fills it up again.
  public var onReset: () -> Void
}
