// SPDX-License-Identifier: Apache-2.0

import Testing
import TicTacToe

@Suite struct BoardTests {
  private func board(_ moves: [(Int, Player)]) -> Board {
    var board = Board()
    for (square, player) in moves { board.mark(square, for: player) }
    return board
  }

  @Test(arguments: Board.winningLinesForTests)
  func threeInALineWins(line: [Int]) {
    let board = board(line.map { ($0, .o) })
    #expect(board.winner == .o)
  }

  @Test func fullBoardWithoutALineIsADraw() {
    // X O X / X O O / O X X
    let board = board([
      (1, .x), (2, .o), (3, .x), (4, .x), (5, .o), (6, .o), (7, .o), (8, .x), (9, .x),
    ])
    #expect(board.winner == nil)
    #expect(board.isFull)
  }

  @Test func takenAndOffBoardSquaresAreNotAvailable() {
    let board = board([(5, .x)])
    #expect(!board.isAvailable(5))
    #expect(!board.isAvailable(0))
    #expect(!board.isAvailable(10))
    #expect(board.isAvailable(1))
  }

  @Test func rowsShowMarksAndFreeSquareNumbers() {
    let board = board([(1, .x), (5, .o)])
    #expect(board.rows == ["X | 2 | 3", "4 | O | 6", "7 | 8 | 9"])
  }
}

extension Board {
  static let winningLinesForTests: [[Int]] = [
    [1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 4, 7], [2, 5, 8], [3, 6, 9], [1, 5, 9], [3, 5, 7],
  ]
}
