// SPDX-License-Identifier: Apache-2.0

/// One of the two players: X moves first.
///
/// Players are saved by their mark, and as dictionary keys too (`{"X": 2}`), so a saved score
/// reads naturally.
public enum Player: String, Codable, CodingKeyRepresentable, Equatable, Sendable,
  CustomStringConvertible
{
  /// The first player.
  case x = "X"
  /// The second player.
  case o = "O"

  /// The player who moves after this one.
  public var opponent: Player { self == .x ? .o : .x }

  /// The player's mark, `X` or `O`.
  public var description: String { rawValue }
}

/// A 3x3 tic-tac-toe board; squares are numbered 1 to 9, row by row.
public struct Board: Equatable, Sendable {
  /// The squares, row by row; `nil` is an empty square.
  public private(set) var squares: [Player?] = Array(repeating: nil, count: 9)

  /// Creates an empty board.
  public init() {}

  /// The lines that win: three rows, three columns, two diagonals (as 0-based indices).
  static let lines: [[Int]] = [
    [0, 1, 2], [3, 4, 5], [6, 7, 8],
    [0, 3, 6], [1, 4, 7], [2, 5, 8],
    [0, 4, 8], [2, 4, 6],
  ]

  /// The player with three in a line, if any.
  public var winner: Player? {
    for line in Self.lines {
      if let player = squares[line[0]], squares[line[1]] == player, squares[line[2]] == player {
        return player
      }
    }
    return nil
  }

  /// Whether every square is taken.
  public var isFull: Bool { !squares.contains(nil) }

  /// Whether `square` (1 to 9) is on the board and empty.
  public func isAvailable(_ square: Int) -> Bool {
    (1...9).contains(square) && squares[square - 1] == nil
  }

  /// Marks `square` (1 to 9) for `player`; the square must be available.
  public mutating func mark(_ square: Int, for player: Player) {
    precondition(
      isAvailable(square), "Board: square \(square) is not available; check isAvailable first.")
    squares[square - 1] = player
  }

  /// The board as three text rows, empty squares showing their number.
  public var rows: [String] {
    (0..<3).map { row in
      (0..<3).map { column in
        let index = row * 3 + column
        return squares[index]?.description ?? String(index + 1)
      }.joined(separator: " | ")
    }
  }
}

extension Board: Codable {
  /// Reads a board saved as its nine squares; any other number of squares fails to decode, so
  /// a damaged snapshot entry is skipped instead of making a board that cannot be indexed.
  public init(from decoder: any Decoder) throws {
    let squares = try decoder.singleValueContainer().decode([Player?].self)
    guard squares.count == 9 else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a board has 9 squares, not \(squares.count)"))
    }
    self.squares = squares
  }

  /// Writes the nine squares, row by row, `null` for an empty one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(squares)
  }
}
