// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// One sequence of moves on one fresh host: makes the moves and checks the tree after each.
///
/// Programmer errors are reported to the run instead of trapping while it makes a move or
/// checks a step (see `ProgrammerError`); the run stops at the step where one happened.
@MainActor
final class ExplorationRun<W: Workflow> {
  private let explorer: WorkflowExplorer<W>
  private let configuration: RuntimeConfiguration
  let scheduler = TestScheduler()
  private let recorder: TreeRecorder
  private let reportedErrors = Locked<[ProgrammerError]>([])
  private var host: WorkflowHost<W>?
  private var outputs: [W.Output] = []
  private var outputObservation: (any Disposable)?
  private var stepNumber = 0
  /// For the undo check: the states of the tree at the end of the last step during which each
  /// history step was the latest, by the history step's number.
  private var statesByHistoryStep: [Int: SnapshotChecks.States] = [:]

  init(explorer: WorkflowExplorer<W>, budget: ExplorationBudget) {
    self.explorer = explorer
    configuration = explorer.hostConfiguration(for: budget)
    recorder = TreeRecorder(keepsRenders: explorer.checksRenderIdempotency)
  }

  isolated deinit {
    outputObservation?.dispose()
  }

  /// Creates the host and checks its first render.
  func start() -> [ExplorationFailure] {
    let host = reportingErrors {
      WorkflowHost(
        workflow: explorer.makeWorkflow(scheduler), observers: [recorder],
        configuration: configuration)
    }
    self.host = host
    outputObservation = host.output.observeValues { [weak self] in self?.outputs.append($0) }
    return check(after: nil, previousRendering: nil, previousStates: nil)
  }

  /// The moves the current rendering offers, and undo when it is checked and possible.
  func availableMoves() -> [ExplorationMove<W.Rendering>] {
    guard let host else { return [] }
    var moves = explorer.moves(host.rendering.value)
    if explorer.checksUndo, host.history.count >= 2 { moves.append(.undo) }
    return moves
  }

  /// Makes `move` and checks the step.
  func make(_ move: ExplorationMove<W.Rendering>) -> [ExplorationFailure] {
    guard let host else { return [] }
    let previousRendering = host.rendering.value
    let previousStates = recorder.orderedStates
    let undoneTo = host.history.dropLast().last?.number
    outputs = []
    reportingErrors {
      switch move.kind {
      case .send(let event): event(host.rendering.value)
      case .advance(let interval): scheduler.advance(by: interval)
      case .undo: host.undo()
      }
    }
    stepNumber += 1
    var failures = check(
      after: move.code, previousRendering: previousRendering, previousStates: previousStates)
    if case .undo = move.kind, failures.isEmpty, let undoneTo {
      failures += checkUndo(to: undoneTo)
    }
    if failures.isEmpty { rememberStatesForUndo() }
    return failures
  }

  /// Tears the host down.
  func finish() {
    outputObservation?.dispose()
    outputObservation = nil
    reportingErrors { host = nil }
  }

  // MARK: Checks

  private func check(
    after move: String?, previousRendering: W.Rendering?,
    previousStates: [(path: WorkflowNodePath, state: TreeRecorder.NodeState)]?
  ) -> [ExplorationFailure] {
    guard let host else { return [] }
    if let failures = takeProgrammerErrors() { return failures }
    var failures: [ExplorationFailure] = []
    let renders = recorder.takeRenders()
    reportingErrors {
      for render in renders {
        if let problem = render.probe(recorder) {
          failures.append(ExplorationFailure(kind: .renderNotRepeatable, message: problem))
        }
      }
    }
    let step = ExplorationStep<W>(
      number: stepNumber, move: move, rendering: host.rendering.value,
      previousRendering: previousRendering, outputs: outputs,
      nodeStates: recorder.orderedStates, previousNodeStates: previousStates)
    for invariant in explorer.invariants {
      let problems = reportingErrors { invariant.check(step) }
      failures += problems.map { ExplorationFailure(kind: .invariant(invariant.name), message: $0) }
    }
    if explorer.checksSnapshots {
      failures += reportingErrors { checkSnapshotRoundTrip(of: host) }
    }
    if move == nil, failures.isEmpty { rememberStatesForUndo() }
    return (takeProgrammerErrors() ?? []) + failures
  }

  /// Runs `body` with programmer errors reported to this run instead of trapping.
  private func reportingErrors<Result>(_ body: () throws -> Result) rethrows -> Result {
    let errors = reportedErrors
    return try ProgrammerError.reporting(
      to: { error in errors.withLock { $0.append(error) } }, body)
  }

  private func takeProgrammerErrors() -> [ExplorationFailure]? {
    let errors = reportedErrors.withLock { errors in
      defer { errors = [] }
      return errors
    }
    guard !errors.isEmpty else { return nil }
    return errors.map { ExplorationFailure(kind: .programmerError, message: $0.message) }
  }

  private func checkSnapshotRoundTrip(of host: WorkflowHost<W>) -> [ExplorationFailure] {
    let restore = { (snapshot: WorkflowSnapshot, observers: [any WorkflowObserver]) in
      WorkflowHost(
        workflow: self.explorer.makeWorkflow(TestScheduler()), restoringFrom: snapshot,
        observers: observers, configuration: self.explorer.configuration)
    }
    return SnapshotChecks.roundTrip(of: host, states: recorder.orderedStates, restoring: restore)
      .map { ExplorationFailure(kind: .snapshotRoundTrip, message: $0) }
  }

  private func checkUndo(to number: Int) -> [ExplorationFailure] {
    guard let expected = statesByHistoryStep[number] else { return [] }
    return SnapshotChecks.undo(states: recorder.orderedStates, expected: expected).map {
      ExplorationFailure(kind: .undo, message: $0)
    }
  }

  private func rememberStatesForUndo() {
    guard explorer.checksUndo, let latest = host?.history.last else { return }
    statesByHistoryStep[latest.number] = recorder.orderedStates
  }
}
