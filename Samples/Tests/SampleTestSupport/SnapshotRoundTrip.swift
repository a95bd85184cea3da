// SPDX-License-Identifier: Apache-2.0

import Foundation
import Workflow

/// A host's snapshot taken, written as JSON, read back, and restored into a new host: what a
/// save and the next launch do.
@MainActor
public struct SnapshotRoundTrip<W: Workflow> {
  /// The snapshot as read back from its JSON.
  public let snapshot: WorkflowSnapshot
  /// The new host, restored from ``snapshot``.
  public let host: WorkflowHost<W>
  /// The entries the restore skipped, which a faithful round trip leaves empty.
  public let skipped: [WorkflowSnapshot.SkipReason]

  /// Takes `original`'s snapshot and restores it into a new host of `workflow`.
  ///
  /// - Parameters:
  ///   - original: The host whose tree is saved.
  ///   - workflow: The root workflow of the new host (as a new launch would make it).
  /// - Throws: What encoding or decoding the snapshot throws.
  public init(of original: WorkflowHost<W>, restoringInto workflow: W) throws {
    let json = try original.snapshot().jsonData()
    snapshot = try WorkflowSnapshot(jsonData: json)
    let recorder = SkipRecorder()
    host = WorkflowHost(workflow: workflow, restoringFrom: snapshot, observers: [recorder])
    skipped = recorder.reasons
  }
}

/// Keeps the reasons a restore gave for skipping snapshot entries.
public final class SkipRecorder: WorkflowObserver {
  /// The reasons, in the order the entries were skipped.
  public private(set) var reasons: [WorkflowSnapshot.SkipReason] = []

  /// Creates an empty recorder.
  public init() {}

  /// Keeps the reason.
  public func snapshotEntryWasSkipped(
    _ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath
  ) {
    reasons.append(reason)
  }
}

extension WorkflowSnapshot.Node {
  /// The workflow types on the path to the deepest node with a saved state, root first,
  /// without module names: shows how deep a restore reaches.
  public var deepestSavedPath: [String] {
    let name = String(workflowType.split(separator: ".").last ?? "")
    let below = children.map(\.deepestSavedPath).max { $0.count < $1.count } ?? []
    if below.isEmpty { return state == nil ? [] : [name] }
    return [name] + below
  }
}
