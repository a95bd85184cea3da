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
  /// For the undo check: the snapshot of the tree at the end of each move of the current line of
  /// history (the first render first), with the number of the history's latest step then.
  private var moveEnds: [(historyStep: Int, snapshot: WorkflowSnapshot)] = []

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
    let undone = host.history.last?.number
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
    if case .undo = move.kind, failures.isEmpty, let undone {
      failures += checkUndo(of: undone)
    }
    if failures.isEmpty { rememberSnapshotForUndo() }
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
    if move == nil, failures.isEmpty { rememberSnapshotForUndo() }
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
    return SnapshotChecks.roundTrip(of: host, restoring: restore).map {
      ExplorationFailure(kind: .snapshotRoundTrip, message: $0)
    }
  }

  /// Checks that undoing the history step `undone` brought the tree back to its snapshot at the
  /// end of the move before the one that made that step.
  private func checkUndo(of undone: Int) -> [ExplorationFailure] {
    guard let host, let made = moveEnds.firstIndex(where: { $0.historyStep >= undone }), made > 0
    else { return [] }
    let stepsOfTheMove = moveEnds[made].historyStep - moveEnds[made - 1].historyStep
    return SnapshotChecks.undo(
      of: { try host.snapshot() }, expected: moveEnds[made - 1].snapshot,
      stepsOfTheMove: stepsOfTheMove
    ).map { ExplorationFailure(kind: .undo, message: $0) }
  }

  /// Notes the snapshot at the end of a move, forgetting the moves an undo took back.
  private func rememberSnapshotForUndo() {
    guard explorer.checksUndo, let host, let latest = host.history.last?.number,
      let snapshot = try? host.snapshot()
    else { return }
    moveEnds.removeAll { $0.historyStep > latest }
    moveEnds.append((latest, snapshot))
  }
}
