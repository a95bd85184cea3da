// SPDX-License-Identifier: Apache-2.0

import Workflow

/// One game of tic-tac-toe between two named players, and the games after it.
///
/// The board and whose turn it is live in this workflow's state; the parent hears only that the
/// players want to leave, and whether a game was in progress at that moment.
public struct TakeTurnsWorkflow: SnapshottableWorkflow, Equatable {
  /// The name of the player with X.
  public var playerX: String
  /// The name of the player with O.
  public var playerO: String

  /// Creates a game between two players.
  public init(playerX: String, playerO: String) {
    self.playerX = playerX
    self.playerO = playerO
  }

  /// What the game tells its parent.
  public enum Output: Equatable {
    /// The players asked to quit; `isGameInProgress` is true when a game was unfinished.
    case quit(isGameInProgress: Bool)
  }

  // MARK: State

  /// The board, whose turn it is, and the score so far.
  public struct State: Codable, Equatable {
    /// The current board.
    public var board = Board()
    /// Whose turn it is.
    public var turn = Player.x
    /// Games won by X, by O, and drawn.
    public var wins: [Player: Int] = [:]
    /// The number of drawn games.
    public var draws = 0
    /// Who started the current game (alternates between games).
    public var starter = Player.x

    /// Whether the current game has ended.
    public var isOver: Bool { board.winner != nil || board.isFull }
  }

  /// Starts an empty board with X to move.
  public func makeInitialState() -> State {
    State()
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = TakeTurnsWorkflow

    case play(square: Int)
    case playAgain
    case quit

    func apply(toState state: inout State, context: ApplyContext<TakeTurnsWorkflow>) -> Output? {
      switch self {
      case .play(let square):
        // The screen refuses these moves; one sent anyway changes nothing.
        guard !state.isOver, state.board.isAvailable(square) else { return nil }
        state.board.mark(square, for: state.turn)
        if let winner = state.board.winner {
          state.wins[winner, default: 0] += 1
        } else if state.board.isFull {
          state.draws += 1
        } else {
          state.turn = state.turn.opponent
        }
      case .playAgain:
        guard state.isOver else { return nil }
        state.starter = state.starter.opponent
        state.board = Board()
        state.turn = state.starter
      case .quit:
        return .quit(isGameInProgress: !state.isOver && state.board != Board())
      }
      return nil
    }
  }

  // MARK: Rendering

  /// Renders the board, the score, and the moves available.
  public func render(state: State, context: RenderContext<TakeTurnsWorkflow>) -> GameScreen {
    let sink = context.makeSink(of: Action.self)
    return GameScreen(
      playerX: playerX, playerO: playerO, board: state.board, turn: state.turn,
      winner: state.board.winner, isDraw: state.board.winner == nil && state.board.isFull,
      score: (x: state.wins[.x, default: 0], o: state.wins[.o, default: 0], draws: state.draws),
      onPlay: { sink.send(.play(square: $0)) },
      onPlayAgain: { sink.send(.playAgain) },
      onQuit: { sink.send(.quit) })
  }
}
