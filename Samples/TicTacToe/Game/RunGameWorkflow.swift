// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Workflow

/// Runs games for a signed-in user: choose the players' names, play, confirm before quitting.
///
/// The game itself is a ``TakeTurnsWorkflow`` child. While the quit confirmation is shown the
/// child keeps being rendered under the same key, so saying "no" returns to the same board.
public struct RunGameWorkflow: SnapshottableWorkflow, Equatable {
  /// The signed-in user's email, shown on the new-game screen.
  public var email: String

  /// Creates the workflow for a signed-in user.
  public init(email: String) {
    self.email = email
  }

  /// What the workflow tells its parent.
  public enum Output: Equatable {
    /// The user signed out.
    case signOut
  }

  // MARK: State

  /// The step the user is on, with the players' names.
  public struct State: Codable, Equatable {
    /// Where the user is.
    public enum Step: String, Codable, Equatable {
      /// Choosing names.
      case newGame
      /// Playing.
      case playing
      /// Asked whether to leave an unfinished game.
      case confirmingQuit
    }

    /// The current step.
    public var step: Step = .newGame
    /// The name of the player with X.
    public var playerX = "X"
    /// The name of the player with O.
    public var playerO = "O"
  }

  /// Starts on the new-game screen with default names.
  public func makeInitialState() -> State {
    State()
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = RunGameWorkflow

    case setNames(x: String, o: String)
    case start
    case signOut
    case game(TakeTurnsWorkflow.Output)
    case confirmQuit
    case cancelQuit

    func apply(toState state: inout State, context: ApplyContext<RunGameWorkflow>) -> Output? {
      switch self {
      case .setNames(let x, let o):
        state.playerX = x
        state.playerO = o
      case .start:
        state.step = .playing
      case .signOut:
        return .signOut
      case .game(.quit(let isGameInProgress)):
        state.step = isGameInProgress ? .confirmingQuit : .newGame
      case .confirmQuit:
        state.step = .newGame
      case .cancelQuit:
        state.step = .playing
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the new-game form, the game, or the quit confirmation over the game.
  public func render(state: State, context: RenderContext<RunGameWorkflow>) -> any TextScreen {
    let sink = context.makeSink(of: Action.self)
    switch state.step {
    case .newGame:
      return NewGameScreen(
        email: email, playerX: state.playerX, playerO: state.playerO,
        onNames: { sink.send(.setNames(x: $0, o: $1)) },
        onStart: { sink.send(.start) },
        onSignOut: { sink.send(.signOut) })
    case .playing:
      return game(state: state, context: context)
    case .confirmingQuit:
      let confirmation = ConfirmQuitScreen(
        onConfirm: { sink.send(.confirmQuit) }, onCancel: { sink.send(.cancelQuit) })
      return ModalScreen(confirmation, over: game(state: state, context: context))
    }
  }

  private func game(state: State, context: RenderContext<RunGameWorkflow>) -> GameScreen {
    TakeTurnsWorkflow(playerX: state.playerX, playerO: state.playerO)
      .rendered(in: context, key: "game") { Action.game($0) }
  }
}
