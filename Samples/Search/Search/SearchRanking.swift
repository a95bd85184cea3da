// SPDX-License-Identifier: Apache-2.0

/// Ranks words against a query: exact match, then prefix, then substring, then the query's
/// letters in order (a subsequence); within a rank, earlier and shorter matches come first.
public enum SearchRanking {
  /// The best `limit` matches for `query` in `words`, best first.
  ///
  /// - Parameters:
  ///   - query: What the user typed; matched without regard to case. Empty gives no results.
  ///   - words: The words to search.
  ///   - limit: The most results to return.
  /// - Complexity: O(*n* · *m*) for *n* words of length *m*, plus sorting the matches.
  public static func rank(_ query: String, in words: [String], limit: Int = 10) -> [String] {
    matches(of: query, in: words, limit: limit).best
  }

  /// The best `limit` matches for `query` in `words`, best first, and how many words match in
  /// all.
  ///
  /// - Complexity: O(*n* · *m*) for *n* words of length *m*, plus sorting the matches.
  public static func matches(
    of query: String, in words: [String], limit: Int = 10
  ) -> (best: [String], count: Int) {
    let needle = Array(query.lowercased())
    guard !needle.isEmpty else { return ([], 0) }
    var scored: [(score: Int, position: Int, word: String)] = []
    for word in words {
      if let (score, position) = match(needle, in: Array(word.lowercased())) {
        scored.append((score, position, word))
      }
    }
    scored.sort {
      ($0.score, $0.position, $0.word.count, $0.word) < (
        $1.score, $1.position, $1.word.count, $1.word
      )
    }
    return (scored.prefix(max(0, limit)).map(\.word), scored.count)
  }

  /// The rank (0 exact, 1 prefix, 2 substring, 3 subsequence) and where the match starts.
  static func match(_ needle: [Character], in word: [Character]) -> (Int, Int)? {
    if word == needle { return (0, 0) }
    guard word.count >= needle.count else { return nil }
    if word.starts(with: needle) { return (1, 0) }
    for start in 1..<(word.count - needle.count + 1)
    where word[start..<(start + needle.count)].elementsEqual(needle) {
      return (2, start)
    }
    var index = 0
    var first = -1
    for (position, character) in word.enumerated()
    where index < needle.count && character == needle[index] {
      if first < 0 { first = position }
      index += 1
    }
    return index == needle.count ? (3, first) : nil
  }
}
