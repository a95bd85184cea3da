// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import Workflow

/// The `samples` launcher: a menu that runs the chosen app as a child workflow.
///
/// `menu` stops rendering the app, so the runtime tears its subtree down and its state is
/// gone; opening it again starts it afresh. Which app is open is saved in snapshots, and the
/// running app's own state below it, so a restored launcher reopens the app where it was.
public struct LauncherWorkflow: SnapshottableWorkflow {
  /// What the apps get from the outside world.
  public var environment: SampleEnvironment

  /// Creates the launcher.
  public init(environment: SampleEnvironment) {
    self.environment = environment
  }

  // MARK: State

  /// The menu, or the app running.
  public enum State: Codable, Equatable, CustomStringConvertible {
    /// Showing the menu.
    case menu
    /// Running an app.
    case running(SampleApp)

    /// A summary for the `:tree` inspector.
    public var description: String {
      switch self {
      case .menu: "menu"
      case .running(let app): "running \(app.rawValue)"
      }
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
      case .open(let app): state = .running(app)
      case .backToMenu: state = .menu
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the menu, or the running app with a `menu` command added.
  public func render(state: State, context: RenderContext<LauncherWorkflow>) -> any TextScreen {
    let sink = context.makeSink(of: Action.self)
    switch state {
    case .menu:
      return MenuScreen(onOpen: { sink.send(.open($0)) })
    case .running(let app):
      let screen = app.makeWorkflow(environment: environment)
        .rendered(in: context, key: app.rawValue)
      return AppScreen(app: screen, name: app.rawValue, onMenu: { sink.send(.backToMenu) })
    }
  }
}
