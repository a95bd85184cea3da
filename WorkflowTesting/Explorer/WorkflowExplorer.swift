// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Explores a whole workflow tree: runs many seeded random sequences of moves on a headless host
/// with virtual time, checks the tree after every step, and shrinks a failing sequence to a
/// minimal one that it reports as a test.
///
/// A render test follows one render and an action test one action; a host test follows the
/// script a person wrote. The explorer writes the scripts: at each step it asks for the moves
/// the current rendering offers (``ExplorationMove/found(in:)`` by default, or your own), makes
/// one at random, and checks:
/// - your invariants on the rendering and the states (``invariant(_:_:)``);
/// - that every node that rendered renders the same again from the same state
///   (``checkingRenderIdempotency(_:)``, on by default);
/// - that no programmer error happened (a duplicate child or side-effect key, a send during
///   render, a render context used after render): these are failures here, not crashes;
/// - optionally, that the snapshot round-trips (``checkingSnapshots(_:)``) and that undo
///   restores the states from before the undone move (``checkingUndo(_:)``).
///
/// ```swift
/// WorkflowExplorer(workflow: SeatsWorkflow(capacity: 2))
///   .invariant("no seat is booked twice") { step in
///     step.rendering.free < 0
///       ? ["\(-step.rendering.free) seat(s) booked twice"] : []
///   }
///   .check()
/// ```
///
/// The same seed always makes the same runs. When a check fails, the run's moves are shrunk (a
/// move that can be left out is left out, while the same check still fails) and the test fails
/// with the seed, the check's message, and the moves as a ``WorkflowHostTester`` test to paste.
/// Work that runs in tasks (async workers and side effects) is outside the explorer's virtual
/// time and does not run during a step; give the workflow a scheduler for timed work.
@MainActor
public struct WorkflowExplorer<WorkflowType: Workflow> {
  /// The rendering moves are made on.
  public typealias Rendering = WorkflowType.Rendering

  /// A named check of each step; it returns what is wrong, or nothing.
  struct Invariant {
    let name: String
    let check: (ExplorationStep<WorkflowType>) -> [String]
  }

  let makeWorkflow: (TestScheduler) -> WorkflowType
  let configuration: RuntimeConfiguration
  let workflowCode: String?
  let moves: (Rendering) -> [ExplorationMove<Rendering>]
  private(set) var invariants: [Invariant] = []
  private(set) var checksRenderIdempotency = true
  private(set) var checksSnapshots = false
  private(set) var checksUndo = false

  /// Explores the workflow `makeWorkflow` builds, once per run, on the run's scheduler.
  ///
  /// - Parameters:
  ///   - configuration: How the host schedules render passes.
  ///   - workflowCode: The Swift expression that makes the workflow in the test a
  ///     counterexample prints, with the scheduler as `scheduler`, e.g.
  ///     `"TimerWorkflow(scheduler: scheduler)"`; a placeholder to fill in by default.
  ///   - moves: The moves a rendering offers; by default those ``ExplorationMove/found(in:)``
  ///     finds. A rendering that offers none ends its run.
  ///   - makeWorkflow: Builds the root workflow, usually handing it the scheduler.
  public init(
    configuration: RuntimeConfiguration = .default,
    workflowCode: String? = nil,
    moves: @escaping (Rendering) -> [ExplorationMove<Rendering>] = {
      ExplorationMove.found(in: $0)
    },
    makeWorkflow: @escaping (TestScheduler) -> WorkflowType
  ) {
    self.makeWorkflow = makeWorkflow
    self.configuration = configuration
    self.workflowCode = workflowCode
    self.moves = moves
  }

  /// Explores `workflow`.
  ///
  /// - Parameters:
  ///   - workflow: The root workflow, the same in every run.
  ///   - configuration: How the host schedules render passes.
  ///   - workflowCode: The Swift expression that makes the workflow in the test a
  ///     counterexample prints; a placeholder to fill in by default.
  ///   - moves: The moves a rendering offers; by default those ``ExplorationMove/found(in:)``
  ///     finds.
  public init(
    workflow: WorkflowType,
    configuration: RuntimeConfiguration = .default,
    workflowCode: String? = nil,
    moves: @escaping (Rendering) -> [ExplorationMove<Rendering>] = {
      ExplorationMove.found(in: $0)
    }
  ) {
    self.init(
      configuration: configuration, workflowCode: workflowCode, moves: moves,
      makeWorkflow: { _ in workflow })
  }

  /// Returns an explorer that also checks `check` after every step, the first render included.
  ///
  /// - Parameters:
  ///   - name: Names the invariant in failure reports; shrinking keeps a counterexample failing
  ///     the same invariant.
  ///   - check: Returns what is wrong with the step, one message per problem; empty when the
  ///     invariant holds.
  public func invariant(
    _ name: String, _ check: @escaping (ExplorationStep<WorkflowType>) -> [String]
  ) -> WorkflowExplorer {
    var copy = self
    copy.invariants.append(Invariant(name: name, check: check))
    return copy
  }

  /// Returns an explorer that checks (`true`, the default) or does not check that every render
  /// is repeatable.
  ///
  /// After each step, every node that rendered is rendered twice more, against a test double,
  /// with the same workflow value and state: both times it must ask for the children the live
  /// render asked for, and for the same side effects, and return renderings that print alike.
  /// Turn it off for a workflow whose render deliberately depends on more than its props and
  /// state, or that counts its renders.
  public func checkingRenderIdempotency(_ isEnabled: Bool) -> WorkflowExplorer {
    var copy = self
    copy.checksRenderIdempotency = isEnabled
    return copy
  }

  /// Returns an explorer that checks, after every step, that the tree's snapshot encodes to JSON
  /// and back unchanged, and that a new host restored from it saves the same snapshot.
  public func checkingSnapshots(_ isEnabled: Bool = true) -> WorkflowExplorer {
    var copy = self
    copy.checksSnapshots = isEnabled
    return copy
  }

  /// Returns an explorer that offers an undo move (`tester.host?.undo()`) whenever the host's
  /// history has a step to go back to, and checks that undo brings the tree's snapshot back to
  /// what it was before the move that made the undone step.
  ///
  /// A move that makes several history steps (a callback that sends twice, each send a step of
  /// its own) is not taken back by one undo: the check reports it, as a user who expects undo to
  /// take back their last command would. The host keeps a history of at least one step per move
  /// of a run.
  public func checkingUndo(_ isEnabled: Bool = true) -> WorkflowExplorer {
    var copy = self
    copy.checksUndo = isEnabled
    return copy
  }

  /// The configuration of the explorer's hosts: the given one, with a history long enough for
  /// a whole run when undo is checked.
  func hostConfiguration(for budget: ExplorationBudget) -> RuntimeConfiguration {
    var configuration = self.configuration
    if checksUndo {
      configuration.historyLimit = max(configuration.historyLimit, budget.movesPerRun + 1)
    }
    return configuration
  }
}
