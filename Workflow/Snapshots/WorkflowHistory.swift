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
/// A step keeps the states of the tree as values and encodes them the first time its
/// ``snapshot`` is read (``WorkflowHost/snapshot()`` after the step, a rewind to it), so that
/// recording a step costs the same however large the state is.
public struct WorkflowHistoryStep: Sendable {
  /// The step's number: 0 for the initial render, then one more per recorded step.
  public let number: Int
  /// What led to the step.
  public let cause: Cause
  private let capture: SnapshotCapture

  /// The snapshot of the tree after the step and the worker outputs folded into it.
  ///
  /// - Throws: ``WorkflowSnapshotError`` when a state of the step does not encode; then the
  ///   host cannot rewind to the step either.
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
/// Attached to the host's runtime as an observer, so a host without a history pays nothing.
/// A step is recorded when its render pass ends, before the rendering is published, so that
/// the host can hand the same capture to ``WorkflowHost/snapshot()`` callers (autosaving, for
/// one) until some state changes again: the step's states are encoded once at most.
final class HistoryRecorder: WorkflowObserver {
  let limit: Int
  /// The recorded steps, oldest first; past the limit, the oldest are dropped once they are as
  /// many again, so that recording a step does not move all the others.
  private var recorded: [WorkflowHistoryStep] = []
  /// Captures the states of the host's tree; set by the host once its root exists.
  var captureTree: (() -> SnapshotCapture)?
  /// The capture of the tree as it is, when no action was applied since it was taken.
  private(set) var currentCapture: SnapshotCapture?
  /// Whether a render pass means that some state changed: with render skipping on, the host
  /// renders only then; otherwise the recorder compares the states it sees.
  private let rendersOnlyChanges: Bool
  private var nextNumber = 0
  /// The batch's actions, each described only if it is the one that names the step.
  private var appliedActions: [(depth: Int, describe: () -> String, path: WorkflowNodePath)] = []
  private var forwardedOutputs: [(text: String, path: WorkflowNodePath)] = []
  private var hasChangedState = false
  private var hasNewRootWorkflow = false

  init(limit: Int, rendersOnlyChanges: Bool) {
    self.limit = limit
    self.rendersOnlyChanges = rendersOnlyChanges
  }

  /// The steps kept, oldest first: the last `limit` recorded.
  var steps: [WorkflowHistoryStep] {
    recorded.count > limit ? Array(recorded.suffix(limit)) : recorded
  }

  /// Records the initial step.
  func recordInitialStep() {
    append(cause: .initial)
  }

  /// Forgets the steps after `number`, which the host is rewinding to.
  func truncate(after number: Int) {
    recorded = steps
    recorded.removeAll { $0.number > number }
    nextNumber = number + 1
    currentCapture = nil
  }

  func actionWasApplied<A: WorkflowAction>(
    _ action: A,
    stateBefore: A.WorkflowType.State,
    stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?,
    at path: WorkflowNodePath
  ) {
    // Any action may change state, if only through an output handler (`onOutput`).
    currentCapture = nil
    if !rendersOnlyChanges, !hasChangedState {
      let areEqual = makeEquality(A.WorkflowType.State.self)
      hasChangedState = areEqual.map { !$0(stateBefore, stateAfter) } ?? true
    }
    appliedActions.append((path.components.count, { TraceText.describe(action: action) }, path))
  }

  func workflowDidEmitOutput<W: Workflow>(
    _ output: W.Output, of workflow: W, at path: WorkflowNodePath
  ) {
    // An output sent through an output sink is named only when no action was applied: the
    // parent's action it leads to says what happened.
    forwardedOutputs.append(("output \(TraceText.describe(output))", path))
  }

  func workflowDidChange<W: Workflow>(
    from previousWorkflow: W, to workflow: W, state: W.State, at path: WorkflowNodePath
  ) {
    currentCapture = nil
    if path.components.count == 1 { hasNewRootWorkflow = true }
  }

  func renderPassDidEnd(cause: RenderCause) {
    defer { finishBatch() }
    let hasChanged = rendersOnlyChanges || hasChangedState
    switch cause {
    case .initial:
      // Recorded by the host once its root exists.
      break
    case .action(let path):
      if hasChanged { append(cause: describeBatch(startedAt: path)) }
    case .workflowUpdate:
      // Also the cause of a pass that runs although nothing happened (render skipping off).
      if hasNewRootWorkflow { append(cause: .workflowUpdate) }
    case .workerOutput:
      if hasChanged { foldIntoLatestStep() }
    case .rewind:
      // The rebuilt tree is the step rewound to; its snapshot is what the tree now saves.
      foldIntoLatestStep()
    }
  }

  func stepDidFinish(cause: RenderCause, rendered: Bool) {
    finishBatch()
  }

  private func finishBatch() {
    appliedActions.removeAll()
    forwardedOutputs.removeAll()
    hasChangedState = false
    hasNewRootWorkflow = false
  }

  /// The batch's action nearest the root; `path` is where the batch's first action applied.
  private func describeBatch(startedAt path: WorkflowNodePath) -> WorkflowHistoryStep.Cause {
    if let nearest = appliedActions.min(by: { $0.depth < $1.depth }) {
      return .action(
        nearest.describe(), at: nearest.path, othersInBatch: appliedActions.count - 1)
    }
    let forwarded = forwardedOutputs.first
    return .action(forwarded?.text ?? "action", at: forwarded?.path ?? path, othersInBatch: 0)
  }

  /// Appends a step.
  private func append(cause: WorkflowHistoryStep.Cause) {
    guard let capture = takeCurrentCapture() else { return }
    recorded.append(WorkflowHistoryStep(number: nextNumber, cause: cause, capture: capture))
    nextNumber += 1
    if recorded.count >= 2 * limit { recorded.removeFirst(recorded.count - limit) }
  }

  /// Gives the latest step the states of the tree as they are now.
  private func foldIntoLatestStep() {
    guard let latest = recorded.last, let capture = takeCurrentCapture() else { return }
    recorded[recorded.count - 1] = WorkflowHistoryStep(
      number: latest.number, cause: latest.cause, capture: capture)
  }

  private func takeCurrentCapture() -> SnapshotCapture? {
    guard let captureTree else { return nil }
    let capture = captureTree()
    currentCapture = capture
    return capture
  }
}
