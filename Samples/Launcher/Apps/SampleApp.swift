// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import Search
import Split
import TerminalUI
import TicTacToe
import Timers
import Todo
import Workflow

/// The sample apps the launcher can run.
public enum SampleApp: String, CaseIterable, Codable, Sendable {
  /// Sign in, then tic-tac-toe.
  case tictactoe
  /// A todo list saved to a file.
  case todo
  /// Named countdown timers.
  case timers
  /// A list and a detail pane side by side.
  case split
  /// Incremental word search.
  case search

  /// One line about the app and the composition pattern it teaches.
  public var summary: String {
    switch self {
    case .tictactoe: "sign-in worker, then the game; a modal before quitting"
    case .todo: "back stack of list and editor; keyed rows; saved as a snapshot"
    case .timers: "keyed children, each with a timer worker ticking live"
    case .split: "two sibling panes talking through their parent"
    case .search: "a debounced worker restarted on every query change"
    }
  }

  /// The app's root workflow, its rendering erased to a screen.
  public func makeWorkflow(environment: SampleEnvironment) -> AnyWorkflow<any TextScreen, Never> {
    switch self {
    case .tictactoe:
      TicTacToeWorkflow(environment: environment).mapRendering { $0 }
    case .todo:
      TodoWorkflow().mapRendering { $0 }
    case .timers:
      TimersWorkflow(environment: environment).mapRendering { $0 }
    case .split:
      SplitWorkflow().mapRendering { $0 }
    case .search:
      SearchWorkflow(environment: environment).mapRendering { $0 }
    }
  }
}
