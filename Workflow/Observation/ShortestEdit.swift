// SPDX-License-Identifier: Apache-2.0

/// The longest run of elements two sequences have in common, in order, found by the shortest
/// edit from one to the other (Myers' algorithm), giving up past a number of edits.
///
/// Finding it costs time in proportion to the length of the sequences times the number of
/// edits, and memory in proportion to the square of the number of edits.
package enum ShortestEdit {
  /// The elements kept by the shortest edit from `old` to `new`, as pairs of an old index and
  /// a new index, in order.
  ///
  /// - Parameters:
  ///   - old: The indices of the old elements.
  ///   - new: The indices of the new elements.
  ///   - maximumEdits: The most insertions plus removals searched for.
  ///   - areSame: Whether the old element at an index and the new one at another are the same.
  /// - Returns: The pairs, or `nil` when the edit takes more than `maximumEdits`.
  package static func matches(
    old: Range<Int>, new: Range<Int>, maximumEdits: Int, areSame: (Int, Int) -> Bool
  ) -> [(old: Int, new: Int)]? {
    let oldCount = old.count
    let newCount = new.count
    let limit = min(maximumEdits, oldCount + newCount)
    // furthest[k + offset]: the furthest old offset reached on diagonal k (old - new offset).
    let offset = limit + 1
    var furthest = [Int](repeating: 0, count: 2 * limit + 3)
    // The diagonals -(d + 1)...(d + 1) of `furthest` before each round d, for the way back.
    var rounds: [[Int]] = []
    for edits in 0...limit {
      rounds.append(Array(furthest[(offset - edits - 1)...(offset + edits + 1)]))
      for diagonal in stride(from: -edits, through: edits, by: 2) {
        let fromBelow =
          diagonal == -edits
          || (diagonal != edits
            && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1])
        var x = fromBelow ? furthest[offset + diagonal + 1] : furthest[offset + diagonal - 1] + 1
        var y = x - diagonal
        while x < oldCount, y < newCount, areSame(old.lowerBound + x, new.lowerBound + y) {
          x += 1
          y += 1
        }
        furthest[offset + diagonal] = x
        if x >= oldCount, y >= newCount {
          return path(rounds, oldCount: oldCount, newCount: newCount).map {
            (old.lowerBound + $0.old, new.lowerBound + $0.new)
          }
        }
      }
    }
    return nil
  }

  /// The kept pairs of offsets, walking back from the end through the rounds.
  private static func path(_ rounds: [[Int]], oldCount: Int, newCount: Int) -> [(
    old: Int, new: Int
  )] {
    var kept: [(old: Int, new: Int)] = []
    var x = oldCount
    var y = newCount
    for edits in stride(from: rounds.count - 1, through: 0, by: -1) {
      let round = rounds[edits]
      func reached(_ diagonal: Int) -> Int { round[diagonal + edits + 1] }
      let diagonal = x - y
      let fromBelow =
        diagonal == -edits || (diagonal != edits && reached(diagonal - 1) < reached(diagonal + 1))
      let previousDiagonal = fromBelow ? diagonal + 1 : diagonal - 1
      let previousX = reached(previousDiagonal)
      let previousY = previousX - previousDiagonal
      while x > previousX, y > previousY {
        x -= 1
        y -= 1
        kept.append((x, y))
      }
      x = previousX
      y = previousY
    }
    return kept.reversed()
  }
}
