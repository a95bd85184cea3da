// SPDX-License-Identifier: Apache-2.0

import Workflow

/// The warnings the REPL has yet to print: its own (a file it could not read or write) and the
/// snapshot entries the host skipped, in the order they happened.
///
/// It observes the host, so it exists before the host does and collects the skips of the very
/// first render, which are printed before the first screen.
final class ReplWarnings: WorkflowObserver {
  private var pending: [String] = []
  /// Why each snapshot entry the host skipped was not used, in order.
  private(set) var skippedEntries: [String] = []

  /// Queues `message`, one line, printed after `warning: `.
  func add(_ message: String) {
    pending.append(message)
  }

  /// Whether warnings wait to be printed.
  var hasPending: Bool { !pending.isEmpty }

  /// The queued warnings, which are then forgotten.
  func take() -> [String] {
    defer { pending = [] }
    return pending
  }

  /// Queues a warning naming the node and the reason.
  func snapshotEntryWasSkipped(_ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath) {
    skippedEntries.append(reason.description)
    add("skipped the saved state of \(path): \(reason)")
  }
}
