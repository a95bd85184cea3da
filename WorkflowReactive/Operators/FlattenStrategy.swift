// SPDX-License-Identifier: Apache-2.0

/// How `flatten(_:)` and `flatMap(_:_:)` combine the inner streams that a stream of streams
/// sends.
///
/// With every strategy, an inner failure ends the result at once, and the result completes when
/// the outer stream and every inner stream it started have completed. An interrupted inner
/// stream counts as completed under ``merge``, ``concat``, ``latest`` and
/// ``concurrent(limit:)``; under ``race`` and ``throttle`` it interrupts the result.
public enum FlattenStrategy: Sendable {
  /// Runs every inner stream as soon as it arrives and forwards all their values.
  case merge
  /// Runs one inner stream at a time, in arrival order; later ones wait their turn.
  case concat
  /// Runs only the newest inner stream: each new one disposes the one before.
  case latest
  /// Runs every inner stream as it arrives until one sends an event; that one alone is then
  /// forwarded, the others are disposed and later ones are ignored.
  ///
  /// The result completes when the outer stream and the winning inner stream have completed.
  case race
  /// Runs an inner stream and ignores the ones that arrive while it runs; the next one to
  /// arrive after it completed runs in turn.
  case throttle
  /// Runs up to `limit` inner streams at a time, in arrival order; later ones wait their turn.
  ///
  /// `.concurrent(limit: 1)` is ``concat``; a `limit` of zero traps.
  case concurrent(limit: UInt)
}

extension FlattenStrategy {
  /// Whether an inner stream's interruption interrupts the result rather than counting as its
  /// completion.
  var propagatesInnerInterruption: Bool {
    switch self {
    case .merge, .concat, .latest, .concurrent: false
    case .race, .throttle: true
    }
  }
}
