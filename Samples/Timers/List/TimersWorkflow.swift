// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import Workflow
import WorkflowReactive

/// The timers app: several named countdowns, each a keyed child with its own tick worker.
///
/// The list owns only the names and lengths; each countdown's time and running flag live in its
/// child, so adding or removing one leaves the others ticking undisturbed. Both levels are
/// saved in snapshots: the list here, the time left of each countdown in its child.
public struct TimersWorkflow: SnapshottableWorkflow {
  /// The clock the countdowns tick on.
  public var environment: SampleEnvironment

  /// Creates the app.
  ///
  /// - Parameter environment: Its scheduler drives the ticks; with a virtual clock the screen
  ///   offers `wait <seconds>` to move time forward.
  public init(environment: SampleEnvironment) {
    self.environment = environment
  }

  // MARK: State

  /// One countdown in the list.
  public struct Entry: Codable, Equatable, Sendable {
    /// Its name, unique in the list.
    public var name: String
    /// Its length in seconds.
    public var seconds: Int
  }

  /// The countdowns, and the latest notice.
  public struct State: Codable, Equatable, CustomStringConvertible {
    /// The countdowns, in the order they were added.
    public var entries: [Entry]
    /// The latest thing to tell the user once (a countdown finished); the REPL prints it in
    /// the transcript, so it never stays on the screen.
    public var notice: Notice?

    /// A summary for the `:tree` inspector.
    public var description: String { "\(entries.count) timers" }
  }

  /// Starts with two countdowns, tea and eggs.
  public func makeInitialState() -> State {
    State(entries: [Entry(name: "tea", seconds: 180), Entry(name: "eggs", seconds: 420)])
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = TimersWorkflow

    case add(name: String, seconds: Int)
    case remove(name: String)
    case finished(name: String)

    func apply(toState state: inout State, context: ApplyContext<TimersWorkflow>) -> Never? {
      switch self {
      case .add(let name, let seconds):
        // The screen refuses a name that is taken; one sent anyway changes nothing.
        if !state.entries.contains(where: { $0.name == name }) {
          state.entries.append(Entry(name: name, seconds: seconds))
        }
      case .remove(let name):
        state.entries.removeAll { $0.name == name }
      case .finished(let name):
        state.notice = Notice(id: (state.notice?.id ?? 0) + 1, text: "Time is up: \(name)!")
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders one row per countdown and the commands that address them by name.
  public func render(state: State, context: RenderContext<TimersWorkflow>) -> TimersScreen {
    let sink = context.makeSink(of: Action.self)
    let rows = state.entries.map { entry in
      CountdownWorkflow(name: entry.name, seconds: entry.seconds, scheduler: environment.scheduler)
        .rendered(in: context, key: entry.name) { output in
          switch output {
          case .finished(let name): Action.finished(name: name)
          }
        }
    }
    let clock = environment.virtualClock
    return TimersScreen(
      rows: rows, notice: state.notice,
      onAdd: { sink.send(.add(name: $0, seconds: $1)) },
      onRemove: { sink.send(.remove(name: $0)) },
      onWait: clock.map { clock in { clock.advance(by: .seconds($0)) } })
  }
}
