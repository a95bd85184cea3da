// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import Workflow

/// The `samples` launcher: a menu that runs the chosen app as a child workflow.
///
/// Every app opened stays a child while the launcher runs: `menu` only brings the menu to the
/// front, so an app opened again is as it was left (its timers kept ticking meanwhile). The
/// apps opened, the one in front, and each app's own state below it are saved in snapshots,
/// so a restored launcher has them all again, and one app's executable can restore its part
/// of a launcher snapshot (`todo --restore FILE`).
public struct LauncherWorkflow: SnapshottableWorkflow {
  /// What the apps get from the outside world.
  public var environment: SampleEnvironment

  /// Creates the launcher.
  public init(environment: SampleEnvironment) {
    self.environment = environment
  }

  // MARK: State

  /// The app in front (or the menu), and the apps kept running behind it.
  public struct State: Equatable, CustomStringConvertible {
    /// The app shown, or nil when the menu is.
    public var front: SampleApp?
    /// The apps opened so far, in the order first opened; each is kept with its state.
    public var opened: [SampleApp]

    /// Creates a state; `front`, when given, is counted among the apps opened.
    public init(front: SampleApp?, opened: [SampleApp] = []) {
      self.front = front
      self.opened = opened
      if let front, !opened.contains(front) { self.opened.append(front) }
    }

    /// The menu, with no app opened yet.
    public static var menu: State { State(front: nil) }

    /// `app` in front, the only one opened.
    public static func running(_ app: SampleApp) -> State { State(front: app) }

    /// A summary for the `:tree` inspector.
    public var description: String {
      let front = front.map { "running \($0.rawValue)" } ?? "menu"
      let others = opened.filter { $0 != self.front }.map(\.rawValue)
      return others.isEmpty ? front : front + " (kept: \(others.joined(separator: ", ")))"
    }
  }

  /// Starts on the menu.
  public func makeInitialState() -> State {
    .menu
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = LauncherWorkflow

    case open(SampleApp)
    case backToMenu

    func apply(toState state: inout State, context: ApplyContext<LauncherWorkflow>) -> Never? {
      switch self {
      case .open(let app): state = State(front: app, opened: state.opened)
      case .backToMenu: state.front = nil
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders every app opened, keeping them alive, and shows the menu or the app in front
  /// with a `menu` command added.
  public func render(state: State, context: RenderContext<LauncherWorkflow>) -> any TextScreen {
    let sink = context.makeSink(of: Action.self)
    var front: (any TextScreen)?
    for app in state.opened {
      let screen = app.makeWorkflow(environment: environment)
        .rendered(in: context, key: app.rawValue)
      if app == state.front { front = screen }
    }
    guard let app = state.front, let front else {
      return MenuScreen(opened: state.opened, onOpen: { sink.send(.open($0)) })
    }
    return AppScreen(app: front, name: app.rawValue, onMenu: { sink.send(.backToMenu) })
  }
}
