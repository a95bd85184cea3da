// SPDX-License-Identifier: Apache-2.0

/// The explorer's source of random choices: SplitMix64, so that a seed always gives the same
/// runs, on every platform and toolchain.
///
/// (The test targets' `SplitMix64` in `Tests/TestSupport` is the same generator; this library
/// cannot depend on a test target, so it keeps its own.)
struct ExplorerRandom {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// An index below `count`, which must be positive.
  mutating func index(below count: Int) -> Int {
    Int(next() % UInt64(count))
  }
}
