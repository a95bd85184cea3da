// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@testable import TicTacToe

/// Explores the whole app, from signing in to playing games and leaving them.
@MainActor
@Suite struct TicTacToeExplorerTests {
  static let commands = CommandMoves([
    "email": ["player@example.com", "secure@example.com", "nobody@example.com"],
    "password": ["password", "wrong"],
    "code": ["1234", "0000"],
    "x": ["Ann"], "o": ["Bo"],
  ])

  /// The players who have three in a line on `board`.
  static func winners(on board: Board) -> Set<Player> {
    Set(
      Board.lines.compactMap { line in
        board.squares[line[0]].flatMap { player in
          line.allSatisfy { board.squares[$0] == player } ? player : nil
        }
      })
  }

  @Test func neverTwoWinnersAndTheBoardOnlyFills() {
    var gamesWon = 0
    let result = WorkflowExplorer(
      workflowCode: "TicTacToeWorkflow(environment: .exploring(on: scheduler))",
      moves: { Self.commands.moves(for: $0) + [.advance(by: .seconds(1))] },
      makeWorkflow: { TicTacToeWorkflow(environment: .exploring(on: $0)) }
    )
    .invariant("never two winners") { step in
      step.states(of: TakeTurnsWorkflow.self).compactMap { game in
        let winners = Self.winners(on: game.board)
        if winners.count == 1,
          game.board != step.previousStates(of: TakeTurnsWorkflow.self).first?.board
        {
          gamesWon += 1
        }
        return winners.count > 1 ? "both players have three in a line: \(game.board.rows)" : nil
      }
    }
    .invariant("the board only fills") { step in
      guard let before = step.previousStates(of: TakeTurnsWorkflow.self).first,
        let after = step.states(of: TakeTurnsWorkflow.self).first, !before.isOver
      else { return [] }
      let cleared = zip(before.board.squares, after.board.squares).enumerated().filter {
        $0.element.0 != nil && $0.element.0 != $0.element.1
      }
      return cleared.map { "square \($0.offset + 1) changed during a game: \($0.element)" }
    }
    .checkingSnapshots()
    .check(budget: .runs(30, movesPerRun: 50))
    #expect(result.counterexample == nil)
    // The runs reached the game and finished some: the invariants were not checked in vain.
    #expect(gamesWon > 0)
  }
}
