// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// Compares the render counts of a scripted scenario with the exact counts a test expects.
///
/// Rendering more than expected is a regression. Rendering fewer is progress, but the test
/// still fails, asking for the new counts to be written down so the next regression shows.
public enum RenderCounts {
  /// The failure message for `actual` counts that differ from `expected`, or `nil` when they
  /// are the same.
  ///
  /// The counts render more when they hold more passes or more fresh renders than expected
  /// (a reused rendering costs next to nothing); any other difference asks for an update.
  ///
  /// - Parameters:
  ///   - actual: The counts the scenario produced.
  ///   - expected: The counts the test expects.
  ///   - file: The test file that holds the expected counts, named in the update request.
  public static func mismatch(
    actual: WorkflowTracer.Totals, expected: WorkflowTracer.Totals, file: String
  ) -> String? {
    guard actual != expected else { return nil }
    if actual.passes > expected.passes || actual.freshRenders > expected.freshRenders {
      return "renders more than expected: \(describe(actual)) instead of \(describe(expected))"
    }
    return "renders fewer than expected: update the expected counts in \(file) to "
      + describe(actual)
  }

  /// Records an issue when `actual` differs from `expected` (see ``mismatch(actual:expected:file:)``).
  ///
  /// - Parameters:
  ///   - actual: The counts the scenario produced.
  ///   - expected: The counts the test expects.
  ///   - file: The test file that holds the expected counts; the caller's by default.
  ///   - sourceLocation: Where the issue is reported; the caller's by default.
  public static func expect(
    _ actual: WorkflowTracer.Totals, equal expected: WorkflowTracer.Totals,
    file: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let message = mismatch(actual: actual, expected: expected, file: file) {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  private static func describe(_ totals: WorkflowTracer.Totals) -> String {
    "passes: \(totals.passes), fresh: \(totals.freshRenders), reused: \(totals.reusedRenders)"
  }
}
