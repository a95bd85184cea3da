// SPDX-License-Identifier: Apache-2.0

/// One entry of a host's history: a step the host's user took, and the snapshot of the tree
/// after it.
///
/// A host keeps a history when ``RuntimeConfiguration/historyLimit`` is above zero; read it with
/// ``WorkflowHost/history`` and go back with ``WorkflowHost/rewind(toStep:)`` or
/// ``WorkflowHost/undo()``.
///
/// Steps are the user's: what a worker's output changes (a timer's tick, a search result
/// arriving) is folded into the step before it, whose snapshot then holds the newer state. So
/// the snapshot of the latest step is always that of the tree as last published, and undoing
/// goes back to before the user's last action, however many ticks came after it.
///
/// A step keeps the states of the tree as values and encodes them when its ``snapshot`` is
/// read (``WorkflowHost/snapshot()`` right after the step, for one), so that recording a step
/// costs the same however large the state is. A rewind to the step restores those values as
/// they are, without encoding them.
public struct WorkflowHistoryStep: Sendable {
  /// The step's number: 0 for the initial render, then one more per recorded step.
  public let number: Int
  /// What led to the step.
  public let cause: Cause
  /// The states of the tree after the step.
  let capture: SnapshotCapture

  /// The snapshot of the tree after the step and the worker outputs folded into it.
  ///
  /// - Throws: ``WorkflowSnapshotError`` when a state of the step does not encode. A rewind
  ///   to the step still restores the states kept as values; only a state that is an object,
  ///   encoded when the step was recorded, keeps a host from rewinding to the step when it did
  ///   not encode.
  public var snapshot: WorkflowSnapshot {
    get throws { try capture.snapshot() }
  }

  init(number: Int, cause: Cause, capture: SnapshotCapture) {
    self.number = number
    self.cause = cause
    self.capture = capture
  }

  /// What led to a step.
  public enum Cause: Hashable, Sendable {
    /// The host's first render.
    case initial
    /// A batch of actions: the one applied nearest the root, as it prints, the node it was
    /// applied at, and how many more the batch held (not counting those that only pass a
    /// child's output to its parent).
    case action(String, at: WorkflowNodePath, othersInBatch: Int)
    /// ``WorkflowHost/update(workflow:)`` passed a new root workflow value.
    case workflowUpdate
  }
}

extension WorkflowHistoryStep.Cause: CustomStringConvertible {
  /// The cause in a few words: `initial`, `rename("A") at Notebook (+1 more)` or
  /// `workflow update`.
  public var description: String {
    switch self {
    case .initial:
      "initial"
    case .action(let action, let path, let others):
      "\(action) at \(path)" + (others > 0 ? " (+\(others) more)" : "")
    case .workflowUpdate:
      "workflow update"
    }
  }
}

/// Records the host's steps, each with a snapshot, for a host whose configuration asks for a
/// history.
///
/// Built on the host's records of its steps (see ``StepRecord``): a host without a history
/// makes none and pays nothing. A step is recorded when its render pass ends, before the
/// rendering is published, so that the host can hand the same capture to
/// ``WorkflowHost/snapshot()`` callers (autosaving, for one) until some state changes again:
/// the step's states are encoded once at most.
final class HistoryRecorder: StepRecordConsumer {
  /// The steps kept, oldest first: the last `limit` recorded.
  private var kept: RingBuffer<WorkflowHistoryStep>
  /// Captures the states of the host's tree; set by the host once its root exists.
  var captureTree: (() -> SnapshotCapture)?
  /// The capture of the tree as it is, when no state may have changed since it was taken.
  ///
  /// A capture that stops being the current one forgets its encoding: it was asked for the
  /// tree's snapshot (by an autosave, say), and a step keeps its states once, as values.
  private(set) var currentCapture: SnapshotCapture? {
    didSet {
      if let oldValue, oldValue !== currentCapture { oldValue.forgetEncoding() }
    }
  }
  private var nextNumber = 0

  init(limit: Int) {
    kept = RingBuffer(capacity: limit)
  }

  /// The steps kept, oldest first: the last `limit` recorded.
  var steps: [WorkflowHistoryStep] { Array(kept) }

  /// Records the initial step.
  func recordInitialStep() {
    append(cause: .initial)
  }

  /// The capture of the kept step numbered `number`; `nil` when there is none.
  func capture(ofStep number: Int) -> SnapshotCapture? {
    guard let oldest = kept.first?.number, number >= oldest, number - oldest < kept.count else {
      return nil
    }
    let step = kept[number - oldest]
    return step.number == number ? step.capture : nil
  }

  /// Forgets the steps after `number`, which the host is rewinding to.
  func truncate(after number: Int) {
    while let latest = kept.last, latest.number > number { kept.removeLast() }
    nextNumber = number + 1
    currentCapture = nil
  }

  /// The actions and outputs, which name a step; not the renders.
  var recordDetail: StepRecord.Detail { .actions }

  func treeMayHaveChanged() {
    currentCapture = nil
  }

  /// Records the step, folds it into the latest one, or lets it pass, by what started it.
  func stepDidRender(_ record: borrowing StepRecord) {
    let hasChanged = record.facts.stateDidChange || record.facts.rootWorkflowDidChange
    switch record.cause {
    case .initial:
      // Recorded by the host once its root exists.
      break
    case .action(let path):
      if hasChanged { append(cause: Self.cause(of: record, startedAt: path)) }
    case .workflowUpdate:
      // Also the cause of a pass that runs although nothing happened (render skipping off).
      if record.facts.rootWorkflowDidChange { append(cause: .workflowUpdate) }
    case .workerOutput:
      if hasChanged { foldIntoLatestStep() }
    case .rewind:
      // The rebuilt tree is the step rewound to; its snapshot is what the tree now saves.
      foldIntoLatestStep()
    }
  }

  /// What led to a batch: its action nearest the root, or the output it passed on when no
  /// action was applied (an output sent through an output sink); `path` is where the batch
  /// started.
  private static func cause(
    of record: borrowing StepRecord, startedAt path: WorkflowNodePath
  ) -> WorkflowHistoryStep.Cause {
    if let nearest = record.actions.min(by: { $0.node.depth < $1.node.depth }) {
      return .action(
        nearest.values.describeAction(), at: nearest.node.path,
        othersInBatch: record.actions.count - 1)
    }
    let forwarded = record.outputs.first
    return .action(
      forwarded.map { "output \($0.describe())" } ?? "action",
      at: forwarded?.node.path ?? path, othersInBatch: 0)
  }

  /// Appends a step.
  private func append(cause: WorkflowHistoryStep.Cause) {
    guard let capture = takeCurrentCapture() else { return }
    kept.append(WorkflowHistoryStep(number: nextNumber, cause: cause, capture: capture))
    nextNumber += 1
  }

  /// Gives the latest step the states of the tree as they are now.
  private func foldIntoLatestStep() {
    guard let latest = kept.last, let capture = takeCurrentCapture() else { return }
    kept[kept.count - 1] = WorkflowHistoryStep(
      number: latest.number, cause: latest.cause, capture: capture)
  }

  private func takeCurrentCapture() -> SnapshotCapture? {
    guard let captureTree else { return nil }
    let capture = captureTree()
    currentCapture = capture
    return capture
  }
}
