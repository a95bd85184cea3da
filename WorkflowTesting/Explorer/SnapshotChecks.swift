// SPDX-License-Identifier: Apache-2.0

import Foundation
import Workflow

/// The explorer's snapshot checks: a round trip through JSON and a new host, and undo.
///
/// Both compare the states of the tree's snapshottable nodes (those a snapshot saves), as they
/// print: a state that does not survive its own encoding shows, although its snapshot is the
/// same each time.
@MainActor
enum SnapshotChecks {
  typealias States = [(path: WorkflowNodePath, state: TreeRecorder.NodeState)]

  /// Checks that the host's snapshot encodes to JSON and back unchanged, and that a host
  /// `restore` makes from it starts its snapshottable nodes in the states they have in `host`;
  /// returns what went wrong.
  static func roundTrip<W: Workflow>(
    of host: WorkflowHost<W>, states: States,
    restoring restore: (WorkflowSnapshot, _ observers: [any WorkflowObserver]) -> WorkflowHost<W>
  ) -> [String] {
    let snapshot: WorkflowSnapshot
    let decoded: WorkflowSnapshot
    do {
      snapshot = try host.snapshot()
      decoded = try JSONDecoder().decode(
        WorkflowSnapshot.self, from: try JSONEncoder().encode(snapshot))
    } catch {
      return ["the snapshot did not encode and decode: \(error)"]
    }
    guard decoded == snapshot else { return ["the snapshot changed through JSON"] }
    let recorder = TreeRecorder(keepsRenders: false)
    let skipped = SkippedEntries()
    let restored = restore(decoded, [recorder, skipped])
    defer { withExtendedLifetime(restored) {} }
    let differences = self.differences(
      expected: states, actual: recorder.orderedStates, comparesCommonNodesOnly: true)
    guard !differences.isEmpty || !skipped.reasons.isEmpty else { return [] }
    return [
      "a host restored from the snapshot starts in other states:\n"
        + (differences + skipped.reasons.map { "  skipped \($0)" }).joined(separator: "\n")
    ]
  }

  /// Checks that the states after an undo are `expected`, those at the end of the step undone
  /// to; returns what went wrong.
  static func undo(states: States, expected: States) -> [String] {
    let differences = self.differences(
      expected: expected, actual: states, comparesCommonNodesOnly: false)
    guard !differences.isEmpty else { return [] }
    return [
      "the states after undo are not those of the step undone to:\n"
        + differences.joined(separator: "\n")
    ]
  }

  /// One line per snapshottable node whose state prints differently, by path, and, unless
  /// `comparesCommonNodesOnly`, per node only one side has.
  private static func differences(
    expected: States, actual: States, comparesCommonNodesOnly: Bool
  ) -> [String] {
    let saved = { (states: States) in
      Dictionary(
        states.filter(\.state.isSnapshottable).map { ($0.path, $0.state.state) },
        uniquingKeysWith: { first, _ in first })
    }
    let expectedStates = saved(expected)
    let actualStates = saved(actual)
    var lines: [String] = []
    for path in Set(expectedStates.keys).union(actualStates.keys).sorted(by: {
      $0.description < $1.description
    }) {
      switch (expectedStates[path], actualStates[path]) {
      case (let before?, let after?):
        if !StructuralDifference.differences(from: before, to: after).isEmpty {
          lines.append(
            "  \(path):\n"
              + StructuralDiff.describe(expected: before, actual: after)
              .split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))
        }
      case (_?, nil) where !comparesCommonNodesOnly:
        lines.append("  \(path): missing")
      case (nil, _?) where !comparesCommonNodesOnly:
        lines.append("  \(path): not expected")
      default:
        break
      }
    }
    return lines
  }
}

/// Collects why a restoring host skipped snapshot entries.
private final class SkippedEntries: WorkflowObserver {
  private(set) var reasons: [String] = []

  func snapshotEntryWasSkipped(_ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath) {
    reasons.append("\(path): \(reason)")
  }
}
