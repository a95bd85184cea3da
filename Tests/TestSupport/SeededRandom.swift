// SPDX-License-Identifier: Apache-2.0

import Testing

/// A small, fast, deterministic random number generator (SplitMix64).
///
/// The same seed always gives the same sequence, so a failing randomized test can be replayed from
/// the seed in its failure message.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator starting from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Runs `body` once for every seed in `seeds`, with a generator seeded by it.
///
/// Put the seed in the comment of each expectation (`#expect(x == y, "seed \(seed)")`) so that a
/// failure names the run to replay.
///
/// - Parameters:
///   - seeds: The seeds to run.
///   - body: Receives the seed and a generator made from it.
public func withEvery(
  seed seeds: some Sequence<UInt64>,
  _ body: (_ seed: UInt64, _ random: inout SplitMix64) throws -> Void
) rethrows {
  for seed in seeds {
    var random = SplitMix64(seed: seed)
    try body(seed, &random)
  }
}
