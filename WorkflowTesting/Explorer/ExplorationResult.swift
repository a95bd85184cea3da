// SPDX-License-Identifier: Apache-2.0

/// What a ``WorkflowExplorer`` did and found.
public struct ExplorationResult: Hashable, Sendable {
  /// The seed the exploration started from.
  public let seed: UInt64

  /// The budget it had.
  public let budget: ExplorationBudget

  /// How many runs it started (the failing one included).
  public let runs: Int

  /// How many moves it made in all runs, before shrinking.
  public let moves: Int

  /// Whether it stopped because the budget's time limit was reached.
  public let reachedTimeLimit: Bool

  /// The smallest sequence of moves found that breaks a check; `nil` when every run passed.
  public let counterexample: ExplorationCounterexample?
}

/// A sequence of moves that breaks one of a ``WorkflowExplorer``'s checks, shrunk so that
/// leaving out any one of its moves no longer breaks it.
public struct ExplorationCounterexample: Hashable, Sendable {
  /// The seed of the failing run: exploring from it with one run of the same length makes that
  /// run again.
  public let seed: UInt64

  /// Which run of the exploration failed, from 0.
  public let run: Int

  /// The moves of the failing run up to the failure, before shrinking.
  public let originalMoves: [String]

  /// The shrunk sequence: the code of each move, in order.
  public let moves: [String]

  /// What failed after the last move of ``moves`` (or at the first render, when it is empty).
  public let failures: [ExplorationFailure]

  /// How many replays shrinking took.
  public let shrinkReplays: Int

  /// A test that makes the moves of ``moves`` on a ``WorkflowHostTester``, ready to paste into
  /// a test function; it ends with the failures as comments, at the point where they appear.
  public let testCode: String
}

/// One check that failed after a step.
public struct ExplorationFailure: Hashable, Sendable, CustomStringConvertible {
  /// Which check failed.
  public enum Kind: Hashable, Sendable {
    /// The invariant with this name returned failures.
    case invariant(String)
    /// A node's render asked for different things, or returned a different rendering, when
    /// rendered again with the same workflow value and state.
    case renderNotRepeatable
    /// A programmer error that traps outside the explorer: a duplicate child or side-effect
    /// key, a send or host call during render, a render context used after its render.
    case programmerError
    /// The snapshot of the tree did not encode, decode and restore to itself.
    case snapshotRoundTrip
    /// Undoing did not bring the tree's snapshot back to what it was before the undone move.
    case undo
  }

  /// Which check failed.
  public let kind: Kind

  /// What the check says, e.g. the invariant's own message.
  public let message: String

  /// Creates a failure.
  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// The check and its message, e.g. `invariant "count is never negative": count is -1`.
  public var description: String {
    switch kind {
    case .invariant(let name): "invariant \"\(name)\": \(message)"
    case .renderNotRepeatable: "render not repeatable: \(message)"
    case .programmerError: "programmer error: \(message)"
    case .snapshotRoundTrip: "snapshot round trip: \(message)"
    case .undo: "undo: \(message)"
    }
  }
}

extension ExplorationResult: CustomStringConvertible {
  /// A report of the exploration: what it covered and, for a counterexample, the failure, how to
  /// replay it and the test to paste.
  public var description: String {
    let covered =
      "Explored \(count(runs, "run")) (\(count(moves, "move"))) from seed "
      + SeedCode.describe(seed)
      + (reachedTimeLimit ? ", stopped by the time limit" : "")
    guard let found = counterexample else { return covered + ": every check passed." }
    let shrunk =
      found.originalMoves.count == found.moves.count
      ? ""
      : ", shrunk to \(found.moves.count) in \(count(found.shrinkReplays, "replay"))"
    let test = found.testCode.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    \($0)" }.joined(separator: "\n")
    return """
      \(covered): run \(found.run) failed after \(count(found.originalMoves.count, "move"))\
      \(shrunk).
      \(found.failures.map { "  \($0)" }.joined(separator: "\n"))
      Replay that run alone with check(seed: \(SeedCode.describe(found.seed)), budget: \
      .runs(1, movesPerRun: \(budget.movesPerRun))), or paste the shrunk moves as a test:

      \(test)
      """
  }

  private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}

/// How reports spell a seed: hexadecimal, as a Swift literal.
enum SeedCode {
  static func describe(_ seed: UInt64) -> String {
    "0x" + String(seed, radix: 16, uppercase: true)
  }
}
