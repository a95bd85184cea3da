// SPDX-License-Identifier: Apache-2.0

import CMallocInfo

/// One benchmark scenario: an id to select it by, a title, and what to measure.
struct Scenario {
  /// One timed run: `run` does the measured work, `check` verifies its result afterwards.
  struct Trial {
    let run: () -> Void
    let check: () -> Bool
  }

  /// One memory measurement: what was built (kept alive until after the measurement), how many
  /// nodes it holds, and whether it is what it should be.
  struct Build {
    let keepAlive: Any
    let nodes: Int
    let isCorrect: Bool
  }

  enum Kind {
    /// Runs `operations` operations per trial; `prepare` builds a fresh trial, untimed.
    case time(operations: Int, prepare: @MainActor () -> Scenario.Trial)
    /// Measures the heap growth of `build`, per node.
    case memory(build: @MainActor () -> Build)
  }

  let id: String
  let title: String
  /// The target from the Architecture article, in ns per operation or bytes per node, shown
  /// beside the result.
  let target: Double?
  let kind: Kind

  init(id: String, title: String, target: Double? = nil, kind: Kind) {
    self.id = id
    self.title = title
    self.target = target
    self.kind = kind
  }
}

/// What a scenario measured.
struct Outcome {
  enum Figures {
    case time(medianNanoseconds: Double, minNanoseconds: Double, maxNanoseconds: Double)
    case memory(bytesPerNode: Double)
  }

  let scenario: Scenario
  let figures: Figures
  let isCorrect: Bool

  /// Whether the figures meet the scenario's target (`nil` without a target).
  var meetsTarget: Bool? {
    guard let target = scenario.target else { return nil }
    switch figures {
    case .time(let median, _, _): return median <= target
    case .memory(let bytes): return bytes <= target
    }
  }
}

/// Runs scenarios: a warm-up, then several measured repetitions.
@MainActor
struct Harness {
  /// Measured repetitions per scenario, after one warm-up run.
  var repetitions = 7

  func run(_ scenario: Scenario) -> Outcome {
    switch scenario.kind {
    case .time(let operations, let prepare):
      return measureTime(scenario, operations: operations, prepare: prepare)
    case .memory(let build):
      return measureMemory(scenario, build: build)
    }
  }

  private func measureTime(
    _ scenario: Scenario, operations: Int, prepare: @MainActor () -> Scenario.Trial
  ) -> Outcome {
    precondition(operations > 0, "Scenario \(scenario.id): operations must be positive.")
    let clock = ContinuousClock()
    var isCorrect = true
    var samples: [Double] = []
    for repetition in 0...repetitions {
      let trial = prepare()
      let elapsed = clock.measure {
        // Repetition 0 is the warm-up: caches, lazy metadata and the allocator settle in it.
        if repetition == 0 { trial.run() } else { Self.runMeasuredTrial(trial) }
      }
      isCorrect = trial.check() && isCorrect
      blackHole(trial)
      if repetition > 0 { samples.append(elapsed.nanoseconds / Double(operations)) }
    }
    samples.sort()
    return Outcome(
      scenario: scenario,
      figures: .time(
        medianNanoseconds: samples[samples.count / 2],
        minNanoseconds: samples[0],
        maxNanoseconds: samples[samples.count - 1]),
      isCorrect: isCorrect)
  }

  /// Runs a trial's work once, measured. `scripts/callgrind-rows.sh` counts the instructions
  /// inside this function only, so its name is part of that script's contract.
  @inline(never)
  private static func runMeasuredTrial(_ trial: Scenario.Trial) { trial.run() }

  private func measureMemory(_ scenario: Scenario, build: @MainActor () -> Scenario.Build)
    -> Outcome
  {
    var isCorrect = true
    var samples: [Double] = []
    for repetition in 0...repetitions {
      let before = allocatedBytes()
      let built = build()
      let after = allocatedBytes()
      precondition(built.nodes > 0, "Scenario \(scenario.id): nodes must be positive.")
      isCorrect = built.isCorrect && isCorrect
      blackHole(built.keepAlive)
      if repetition > 0 { samples.append(Double(after - before) / Double(built.nodes)) }
    }
    samples.sort()
    return Outcome(
      scenario: scenario, figures: .memory(bytesPerNode: samples[samples.count / 2]),
      isCorrect: isCorrect)
  }
}

/// Bytes the process currently holds from the allocator: small blocks plus mapped large ones.
func allocatedBytes() -> Int {
  let info = mallinfo2()
  return Int(info.uordblks) + Int(info.hblkhd)
}

/// Consumes `value` where the optimiser cannot see, so the work that made it cannot be dropped.
@_optimize(none)
@inline(never)
func blackHole<T>(_ value: T) {}

/// Returns `value` unchanged, hiding from the optimiser where it came from.
@_optimize(none)
@inline(never)
func opaque<T>(_ value: T) -> T { value }

extension Duration {
  fileprivate var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
