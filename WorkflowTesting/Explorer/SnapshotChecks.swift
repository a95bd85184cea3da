// SPDX-License-Identifier: Apache-2.0

import Foundation
import Workflow

/// The explorer's snapshot checks: a round trip through JSON and a new host, and undo.
///
/// Both compare snapshots, that is the states as the tree saves them: a state a workflow
/// deliberately saves in part (a password left out) is not a failure, but a state that does not
/// read back as it was written is.
@MainActor
enum SnapshotChecks {
  /// Checks that the host's snapshot encodes to JSON and back unchanged, and that a host
  /// `restore` makes from it saves the same snapshot; returns what went wrong.
  static func roundTrip<W: Workflow>(
    of host: WorkflowHost<W>,
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
    guard decoded == snapshot else {
      return ["the snapshot changed through JSON:\n" + differences(from: snapshot, to: decoded)]
    }
    let skipped = SkippedEntries()
    let restored: WorkflowSnapshot
    do {
      restored = try withExtendedLifetime(restore(decoded, [skipped])) { try $0.snapshot() }
    } catch {
      return ["the host restored from the snapshot did not save one: \(error)"]
    }
    guard restored != snapshot || !skipped.reasons.isEmpty else { return [] }
    return [
      "a host restored from the snapshot saves another one:\n"
        + differences(from: snapshot, to: restored)
        + skipped.reasons.map { "\n  skipped \($0)" }.joined()
    ]
  }

  /// Checks that the snapshot after an undo is `expected`, the one the tree had before the move
  /// that made the undone history step; returns what went wrong.
  ///
  /// - Parameter stepsOfTheMove: How many history steps that move made; undo takes back one.
  static func undo(
    of take: () throws -> WorkflowSnapshot, expected: WorkflowSnapshot, stepsOfTheMove: Int
  ) -> [String] {
    do {
      let snapshot = try take()
      guard snapshot != expected else { return [] }
      let hint =
        stepsOfTheMove > 1
        ? "\n  (the undone move made \(stepsOfTheMove) history steps, and undo takes back one)"
        : ""
      return [
        "the states after undo are not those from before the undone move:\n"
          + differences(from: expected, to: snapshot) + hint
      ]
    } catch {
      return ["the snapshot after undo did not encode: \(error)"]
    }
  }

  /// One line per node whose saved state differs, or that only one snapshot has, by path.
  static func differences(
    from expected: WorkflowSnapshot, to actual: WorkflowSnapshot
  ) -> String {
    var lines: [String] = []
    compare(expected.root, actual.root, path: [], into: &lines)
    return lines.isEmpty
      ? "  (the snapshots differ in their form only)" : lines.joined(separator: "\n")
  }

  private static func compare(
    _ expected: WorkflowSnapshot.Node?, _ actual: WorkflowSnapshot.Node?, path: [String],
    into lines: inout [String]
  ) {
    guard let node = expected ?? actual else { return }
    let here = path + [node.key.isEmpty ? node.workflowType : "\(node.workflowType)[\(node.key)]"]
    let place = here.joined(separator: "/")
    guard let expected, let actual else {
      lines.append("  \(place): \(expected == nil ? "not expected" : "missing")")
      return
    }
    if expected.state != actual.state {
      lines.append("  \(place): expected \(text(expected.state)), got \(text(actual.state))")
    }
    var remaining = actual.children
    for child in expected.children {
      let index = remaining.firstIndex {
        $0.workflowType == child.workflowType && $0.key == child.key
      }
      compare(child, index.map { remaining.remove(at: $0) }, path: here, into: &lines)
    }
    for extra in remaining { compare(nil, extra, path: here, into: &lines) }
  }

  private static func text(_ state: Data?) -> String {
    state.map { String(decoding: $0, as: UTF8.self) } ?? "no state"
  }
}

/// Collects why a restoring host skipped snapshot entries.
private final class SkippedEntries: WorkflowObserver {
  private(set) var reasons: [String] = []

  func snapshotEntryWasSkipped(_ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath) {
    reasons.append("\(path): \(reason)")
  }
}
