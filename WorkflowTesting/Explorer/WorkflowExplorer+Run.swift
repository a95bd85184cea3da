// SPDX-License-Identifier: Apache-2.0

import Workflow

extension WorkflowExplorer {
  /// Explores, and records a test failure with the counterexample, if it finds one.
  ///
  /// The failure names the check that failed, the seed that replays the failing run, and the
  /// shrunk sequence of moves as a test to paste. Inside a Swift Testing test the failure is an
  /// `Issue`; otherwise it goes to `XCTFail`.
  ///
  /// - Parameters:
  ///   - seed: Where the random choices start; the same seed makes the same runs. The default
  ///     is fixed, so a test explores the same runs every time; pass another seed (say, a
  ///     random one) to explore further.
  ///   - budget: How many runs, of how many moves, for how long.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  /// - Returns: What the exploration did and found.
  @discardableResult
  public func check(
    seed: UInt64 = 0x5EED, budget: ExplorationBudget = .default,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> ExplorationResult {
    let result = run(seed: seed, budget: budget)
    if result.counterexample != nil {
      FailureReporter.fail(
        "\(WorkflowType.self): \(result)",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return result
  }

  /// Explores and returns what it found, without recording a test failure.
  ///
  /// Run 0 starts from `seed` itself, and each later run from a seed drawn from it, so the
  /// ``ExplorationCounterexample/seed`` of a failing run replays that run alone.
  ///
  /// - Parameters:
  ///   - seed: Where the random choices start; the same seed makes the same runs.
  ///   - budget: How many runs, of how many moves, for how long.
  /// - Returns: What the exploration did, and the shrunk counterexample if a check failed.
  public func run(
    seed: UInt64 = 0x5EED, budget: ExplorationBudget = .default
  ) -> ExplorationResult {
    let deadline = budget.timeLimit.map { ContinuousClock.now + $0 }
    var seeds = ExplorerRandom(seed: seed)
    var movesMade = 0
    for run in 0..<budget.runs {
      let runSeed = run == 0 ? seed : seeds.next()
      let outcome = explore(seed: runSeed, movesPerRun: budget.movesPerRun, deadline: deadline)
      movesMade += outcome.moves.count
      if let failures = outcome.failures {
        return ExplorationResult(
          seed: seed, budget: budget, runs: run + 1, moves: movesMade, reachedTimeLimit: false,
          counterexample: counterexample(
            seed: runSeed, run: run, moves: outcome.moves, failures: failures, budget: budget))
      }
      if outcome.isOutOfTime || (deadline.map { ContinuousClock.now >= $0 } ?? false) {
        return ExplorationResult(
          seed: seed, budget: budget, runs: run + 1, moves: movesMade,
          reachedTimeLimit: run + 1 < budget.runs || outcome.isOutOfTime, counterexample: nil)
      }
    }
    return ExplorationResult(
      seed: seed, budget: budget, runs: budget.runs, moves: movesMade, reachedTimeLimit: false,
      counterexample: nil)
  }

  /// Makes the moves named by `moves` (their ``ExplorationMove/code``) on a fresh host,
  /// checking every step as an exploration does, and records a test failure for the first
  /// failing step.
  ///
  /// A move the rendering does not offer at its turn is skipped. Use it to keep a shrunk
  /// counterexample as a regression test beside the explorer that found it.
  ///
  /// - Returns: What failed, at the first step that failed; empty when every step passed.
  @discardableResult
  public func replay(
    _ moves: [String],
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> [ExplorationFailure] {
    let outcome = replayed(moves, budget: .runs(1, movesPerRun: max(moves.count, 1)))
    if !outcome.failures.isEmpty {
      FailureReporter.fail(
        "\(WorkflowType.self): replaying \(outcome.moves.count) move(s) failed:\n"
          + outcome.failures.map { "  \($0)" }.joined(separator: "\n"),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return outcome.failures
  }

  // MARK: Runs

  /// One run from `seed`: the moves it made, and the failures of the step that failed.
  private func explore(
    seed: UInt64, movesPerRun: Int, deadline: ContinuousClock.Instant?
  ) -> (moves: [String], failures: [ExplorationFailure]?, isOutOfTime: Bool) {
    var random = ExplorerRandom(seed: seed)
    let run = ExplorationRun(explorer: self, budget: .runs(1, movesPerRun: movesPerRun))
    defer { run.finish() }
    var made: [String] = []
    let initial = run.start()
    if !initial.isEmpty { return (made, initial, false) }
    for _ in 0..<movesPerRun {
      if let deadline, ContinuousClock.now >= deadline { return (made, nil, true) }
      let moves = run.availableMoves()
      guard !moves.isEmpty else { break }
      let move = moves[random.index(below: moves.count)]
      made.append(move.code)
      let failures = run.make(move)
      if !failures.isEmpty { return (made, failures, false) }
    }
    return (made, nil, false)
  }

  /// Makes the moves named by `codes` that the renderings offer, on a fresh host, until a step
  /// fails; returns the moves made and that step's failures.
  func replayed(
    _ codes: [String], budget: ExplorationBudget
  ) -> (moves: [String], failures: [ExplorationFailure]) {
    let run = ExplorationRun(explorer: self, budget: budget)
    defer { run.finish() }
    let initial = run.start()
    if !initial.isEmpty { return ([], initial) }
    var made: [String] = []
    for code in codes {
      guard let move = run.availableMoves().first(where: { $0.code == code }) else { continue }
      made.append(code)
      let failures = run.make(move)
      if !failures.isEmpty { return (made, failures) }
    }
    return (made, [])
  }

  private func counterexample(
    seed: UInt64, run: Int, moves: [String], failures: [ExplorationFailure],
    budget: ExplorationBudget
  ) -> ExplorationCounterexample {
    var shrinker = Shrinker(replayLimit: budget.shrinkReplays, target: failures[0].kind)
    let shrunk = shrinker.shrink(moves, failures: failures) { replayed($0, budget: budget) }
    return ExplorationCounterexample(
      seed: seed, run: run, originalMoves: moves, moves: shrunk.moves, failures: shrunk.failures,
      shrinkReplays: shrinker.replays,
      testCode: testCode(
        moves: shrunk.moves, failures: shrunk.failures, budget: budget,
        isReproducible: shrinker.isReproducible))
  }

  // MARK: Test code

  /// The counterexample as a ``WorkflowHostTester`` test.
  private func testCode(
    moves: [String], failures: [ExplorationFailure], budget: ExplorationBudget,
    isReproducible: Bool
  ) -> String {
    let configuration = ConfigurationCode.describe(hostConfiguration(for: budget))
    var lines = [
      "let tester = WorkflowHostTester(exhaustive: false\(configuration)) { scheduler in",
      "  \(workflowCode ?? "<#\(WorkflowType.self)#>")",
      "}",
    ]
    lines += moves
    if !isReproducible {
      lines.append(
        "// These moves did not fail again when replayed: the workflow depends on something "
          + "besides the moves (work in a task, the real clock, shared state).")
    }
    for failure in failures {
      let text = "Fails here: \(failure)".split(separator: "\n", omittingEmptySubsequences: false)
      lines += text.map { "// \($0)" }
    }
    return lines.joined(separator: "\n")
  }
}

/// How a counterexample's test spells the host's configuration: its settings that differ from
/// the default, as an argument.
enum ConfigurationCode {
  static func describe(_ configuration: RuntimeConfiguration) -> String {
    let defaults = RuntimeConfiguration.default
    var arguments: [String] = []
    if configuration.renderPolicy != defaults.renderPolicy {
      arguments.append("renderPolicy: .\(configuration.renderPolicy)")
    }
    if configuration.skipsRenderWhenStateIsUnchanged != defaults.skipsRenderWhenStateIsUnchanged {
      arguments.append(
        "skipsRenderWhenStateIsUnchanged: \(configuration.skipsRenderWhenStateIsUnchanged)")
    }
    if configuration.isPartialRenderingEnabled != defaults.isPartialRenderingEnabled {
      arguments.append("isPartialRenderingEnabled: \(configuration.isPartialRenderingEnabled)")
    }
    if configuration.historyLimit != defaults.historyLimit {
      arguments.append("historyLimit: \(configuration.historyLimit)")
    }
    guard !arguments.isEmpty else { return "" }
    return ", configuration: RuntimeConfiguration(\(arguments.joined(separator: ", ")))"
  }
}
