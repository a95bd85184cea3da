// SPDX-License-Identifier: Apache-2.0

/// How much a ``WorkflowExplorer`` explores: how many runs, how many moves each, and for how
/// long.
///
/// Each run starts a fresh host and makes up to ``movesPerRun`` random moves, checking after
/// each. Without a time limit the exploration is the same on every machine for a given seed; with
/// one, a slow machine makes fewer runs, but each run it makes is the same.
///
/// ```swift
/// explorer.check(
///   seed: .random(in: 0 ... .max),
///   budget: .runs(50, movesPerRun: 40, timeLimit: .seconds(10)))
/// ```
public struct ExplorationBudget: Hashable, Sendable {
  /// How many runs to make, each from a fresh host; at least 1.
  public var runs: Int

  /// How many moves each run makes at most; a run ends early when no move is offered.
  public var movesPerRun: Int

  /// How long to explore before stopping, in real time; `nil` for no limit.
  ///
  /// Checked between moves, so a run stops at most one move late. Shrinking a counterexample
  /// is bounded by ``shrinkReplays`` instead.
  public var timeLimit: Duration?

  /// How many replays shrinking a counterexample may take at most.
  public var shrinkReplays: Int

  /// Creates a budget.
  ///
  /// - Parameters:
  ///   - runs: How many runs to make; at least 1.
  ///   - movesPerRun: How many moves each run makes at most; at least 1.
  ///   - timeLimit: How long to explore, in real time; `nil` for no limit.
  ///   - shrinkReplays: How many replays shrinking may take.
  public init(runs: Int, movesPerRun: Int, timeLimit: Duration? = nil, shrinkReplays: Int = 500) {
    precondition(runs >= 1, "ExplorationBudget: runs is \(runs); make at least 1 run")
    precondition(
      movesPerRun >= 1, "ExplorationBudget: movesPerRun is \(movesPerRun); allow at least 1 move")
    precondition(
      shrinkReplays >= 0, "ExplorationBudget: shrinkReplays is \(shrinkReplays); pass 0 or more")
    self.runs = runs
    self.movesPerRun = movesPerRun
    self.timeLimit = timeLimit
    self.shrinkReplays = shrinkReplays
  }

  /// A budget of `runs` runs of up to `movesPerRun` moves.
  public static func runs(
    _ runs: Int, movesPerRun: Int = 25, timeLimit: Duration? = nil
  ) -> ExplorationBudget {
    ExplorationBudget(runs: runs, movesPerRun: movesPerRun, timeLimit: timeLimit)
  }

  /// 100 runs of up to 25 moves, with no time limit.
  public static var `default`: ExplorationBudget { .runs(100) }
}
