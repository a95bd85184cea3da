// SPDX-License-Identifier: Apache-2.0

import Workflow

/// Failure messages that say where two values differ, one line per place
/// (``StructuralDifference`` finds them).
///
/// Only the message uses it: whether two values are equal is decided by `==` beforehand.
enum StructuralDiff {
  /// Describes how `actual` differs from `expected`, one line per differing place, e.g.
  /// `  .address.city: expected "Oslo", got "Bergen"`.
  ///
  /// Falls back to printing both values whole when their structure does not show the
  /// difference (for example when they print the same).
  static func describe(expected: Any, actual: Any) -> String {
    let differences = StructuralDifference.differences(from: expected, to: actual)
    guard !differences.isEmpty else { return "expected \(show(expected)), got \(show(actual))" }
    return differences.map { "  " + line(for: $0) }.joined(separator: "\n")
  }

  private static func line(for difference: StructuralDifference) -> String {
    let place = self.place(of: difference.path)
    let missing = difference.path.last.map {
      if case .key = $0 { "no entry" } else { "no element" }
    }
    func shown(_ side: StructuralDifference.Side) -> String {
      switch side {
      case .value(let value): show(value)
      case .absent: missing ?? "nothing"
      }
    }
    return "\(place): expected \(shown(difference.before)), got \(shown(difference.after))"
  }

  /// The path as `.field.inner[2]["key"]`, or `value` for the compared values themselves.
  private static func place(of path: [StructuralDifference.Step]) -> String {
    guard !path.isEmpty else { return "value" }
    return path.map { step in
      switch step {
      case .field(let label), .enumCase(let label): "." + label
      case .index(let index): "[\(index)]"
      case .key(let key): "[\(key)]"
      }
    }.joined()
  }

  /// Prints a value for a message: strings quoted, everything else as it describes itself.
  static func show(_ value: Any) -> String {
    StructuralDifference.identityText(of: value)
  }
}
