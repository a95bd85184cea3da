// SPDX-License-Identifier: Apache-2.0

/// The Levenshtein distance between two words: the fewest insertions, deletions and
/// substitutions of characters that turn one into the other.
///
/// - Complexity: O(`a.count` × `b.count`) time, O(`b.count`) space.
package func editDistance(_ a: String, _ b: String) -> Int {
  let target = Array(b)
  guard !target.isEmpty else { return a.count }
  var previous = Array(0...target.count)
  var current = previous
  for (row, character) in a.enumerated() {
    current[0] = row + 1
    for column in 1...target.count {
      let substitution = previous[column - 1] + (target[column - 1] == character ? 0 : 1)
      current[column] = min(substitution, previous[column] + 1, current[column - 1] + 1)
    }
    swap(&previous, &current)
  }
  return previous[target.count]
}
