// SPDX-License-Identifier: Apache-2.0

/// One entry of a host's history: the tree's snapshot after a handled batch, and what led to it.
///
/// A host keeps a history when ``RuntimeConfiguration/historyLimit`` is above zero; read it with
/// ``WorkflowHost/history`` and go back with ``WorkflowHost/rewind(toStep:)`` or
/// ``WorkflowHost/undo()``.
public struct WorkflowHistoryStep: Hashable, Sendable {
  /// The step's number: 0 for the initial render, then one more per recorded batch.
  public var number: Int
  /// What led to the step: `initial`, `workflow update`, or the action applied nearest the root
  /// with the node it was applied at (and how many more the batch held, not counting the
  /// actions that only pass a child's output to its parent).
  public var cause: String
  /// The snapshot taken when the step's rendering was published.
  public var snapshot: WorkflowSnapshot

  /// Creates a step.
  public init(number: Int, cause: String, snapshot: WorkflowSnapshot) {
    self.number = number
    self.cause = cause
    self.snapshot = snapshot
  }
}

/// Records a snapshot per rendered step, for a host whose configuration asks for a history.
///
/// Attached to the host's runtime as an observer, so a host without a history pays nothing.
final class HistoryRecorder: WorkflowObserver {
  let limit: Int
  private(set) var steps: [WorkflowHistoryStep] = []
  /// Takes the snapshot of the host's tree; set by the host once its root exists.
  var takeSnapshot: (() throws -> WorkflowSnapshot)?
  /// Set while the host rebuilds its tree from a step, whose render is not a new step.
  var isRewinding = false
  private var nextNumber = 0
  private var appliedActions: [(depth: Int, text: String)] = []
  private var forwardedOutputs: [String] = []

  init(limit: Int) {
    precondition(limit > 0, "HistoryRecorder: limit \(limit) must be above zero")
    self.limit = limit
  }

  /// Records the initial step.
  func recordInitialStep() {
    record(cause: "initial")
  }

  /// Forgets the steps after `number`, which the host is rewinding to.
  func truncate(after number: Int) {
    steps.removeAll { $0.number > number }
    nextNumber = number + 1
  }

  func actionWasApplied<A: WorkflowAction>(
    _ action: A,
    stateBefore: A.WorkflowType.State,
    stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?,
    at path: WorkflowNodePath
  ) {
    appliedActions.append(
      (path.components.count, "\(TraceText.describe(action: action)) at \(path)"))
  }

  func workflowDidEmitOutput<W: Workflow>(
    _ output: W.Output, of workflow: W, at path: WorkflowNodePath
  ) {
    // An output sent through an output sink is named only when no action was applied: the
    // parent's action it leads to says what happened.
    forwardedOutputs.append("output \(TraceText.describe(output)) at \(path)")
  }

  func stepDidFinish(cause: RenderCause, rendered: Bool) {
    defer {
      appliedActions.removeAll()
      forwardedOutputs.removeAll()
    }
    if isRewinding {
      isRewinding = false
      return
    }
    guard rendered else { return }
    record(cause: describe(cause))
  }

  private func describe(_ cause: RenderCause) -> String {
    guard let shallowest = appliedActions.min(by: { $0.depth < $1.depth }) else {
      return forwardedOutputs.first ?? cause.description
    }
    let others = appliedActions.count - 1
    return others == 0 ? shallowest.text : "\(shallowest.text) (+\(others) more)"
  }

  /// Appends a step; a tree whose state cannot be encoded records no step.
  private func record(cause: String) {
    guard let takeSnapshot, let snapshot = try? takeSnapshot() else { return }
    steps.append(WorkflowHistoryStep(number: nextNumber, cause: cause, snapshot: snapshot))
    nextNumber += 1
    if steps.count > limit { steps.removeFirst(steps.count - limit) }
  }
}
