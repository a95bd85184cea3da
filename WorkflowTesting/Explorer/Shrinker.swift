// SPDX-License-Identifier: Apache-2.0

/// Shrinks a failing sequence of moves: leaves out chunks of moves, halving the chunk size down
/// to single moves, and keeps each shorter sequence that still fails the same check, until no
/// single move can be left out (or the replay limit is reached).
///
/// Replays make only the moves the renderings offer at their turn, so a kept sequence is the
/// list of moves its replay actually made.
struct Shrinker {
  typealias Replay = ([String]) -> (moves: [String], failures: [ExplorationFailure])

  let replayLimit: Int
  /// The check a shorter sequence must still fail.
  let target: ExplorationFailure.Kind
  private(set) var replays = 0
  /// Whether the original sequence failed again when replayed.
  private(set) var isReproducible = true

  init(replayLimit: Int, target: ExplorationFailure.Kind) {
    self.replayLimit = replayLimit
    self.target = target
  }

  mutating func shrink(
    _ moves: [String], failures: [ExplorationFailure], replay: Replay
  ) -> (moves: [String], failures: [ExplorationFailure]) {
    var best = (moves: moves, failures: failures)
    guard !moves.isEmpty, replayLimit > 0 else { return best }
    // The original first: a failure that does not come back cannot be shrunk.
    guard let again = attempt(moves, replay) else {
      isReproducible = false
      return best
    }
    best = again
    var chunk = max(1, best.moves.count / 2)
    while replays < replayLimit, !best.moves.isEmpty {
      var removedAny = false
      var start = 0
      while start < best.moves.count, replays < replayLimit {
        var candidate = best.moves
        candidate.removeSubrange(start..<min(start + chunk, candidate.count))
        if let shorter = attempt(candidate, replay) {
          best = shorter
          removedAny = true
        } else {
          start += chunk
        }
      }
      if chunk > 1 {
        chunk = max(1, min(chunk / 2, best.moves.count / 2))
      } else if !removedAny {
        break
      }
    }
    return best
  }

  /// Replays `candidate`; returns what it made and its failures when it fails the target check.
  private mutating func attempt(
    _ candidate: [String], _ replay: Replay
  ) -> (moves: [String], failures: [ExplorationFailure])? {
    replays += 1
    let outcome = replay(candidate)
    return outcome.failures.contains { $0.kind == target } ? outcome : nil
  }
}
