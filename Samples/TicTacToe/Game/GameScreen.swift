// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI

/// The game screen: the board, whose turn it is or how the game ended, and the score.
public struct GameScreen: ComposedScreen {
  /// The name of the player with X.
  public var playerX: String
  /// The name of the player with O.
  public var playerO: String
  /// The board.
  public var board: Board
  /// Whose turn it is.
  public var turn: Player
  /// The winner of the game, if it is won.
  public var winner: Player?
  /// Whether the game ended in a draw.
  public var isDraw: Bool
  /// Games won by each player, and draws.
  public var score: (x: Int, o: Int, draws: Int)
  /// Called with the square (1 to 9) to mark.
  public var onPlay: (Int) -> Void
  /// Called to start another game.
  public var onPlayAgain: () -> Void
  /// Called to leave the game.
  public var onQuit: () -> Void

  /// The game screen's look and commands.
  public var screen: Screen {
    var body = board.rows
    body.append("")
    if let winner {
      body.append("\(name(of: winner)) (\(winner)) wins! Type 'again' to play again.")
    } else if isDraw {
      body.append("A draw. Type 'again' to play again.")
    } else {
      body.append("\(name(of: turn)) (\(turn)) to move: type a square, 1 to 9.")
    }
    body.append("Score: \(playerX) \(score.x), \(playerO) \(score.o), draws \(score.draws)")
    let open = (1...9).filter(board.isAvailable).map(String.init)
    let isOver = winner != nil || isDraw
    return Screen(
      title: "\(playerX) (X) vs \(playerO) (O)",
      body: body,
      commands: [
        Command(
          "play", arguments: [.integer("square", in: 1...9, completions: open)],
          help: "Mark a square, 1 to 9."
        ) { [board] values in
          // A move that cannot be made is this command's reply, not a change of the game.
          let square = values.integer(at: 0)
          guard !isOver else { return .refused("The game is over; type 'again' for another.") }
          guard board.isAvailable(square) else {
            return .refused("Square \(square) is taken; pick another.")
          }
          onPlay(square)
          return .done
        },
        Command("again", help: "Play another game.") { _ in
          guard isOver else { return .refused("Finish this game first (or leave it).") }
          onPlayAgain()
          return .done
        },
        .simple("leave", help: "Leave the game (asks first if it is unfinished).", onQuit),
      ],
      question: .argumentsOf("play"))
  }

  private func name(of player: Player) -> String {
    player == .x ? playerX : playerO
  }
}

/// The question shown over an unfinished game when the players want to leave.
public struct ConfirmQuitScreen: ComposedScreen {
  /// Called to leave the game.
  public var onConfirm: () -> Void
  /// Called to keep playing.
  public var onCancel: () -> Void

  /// The confirmation's look and commands.
  public var screen: Screen {
    Screen(
      title: "Quit the game?",
      body: ["The game is not finished; its board will be lost."],
      commands: [
        .simple("yes", help: "Leave the game.", onConfirm),
        .simple("no", help: "Keep playing.", onCancel),
      ],
      question: .oneOf(["yes", "no"]))
  }
}
