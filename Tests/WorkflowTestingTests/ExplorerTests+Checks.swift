// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

/// The checks the explorer makes besides the invariants: programmer errors, repeatable renders,
/// snapshots and undo.
@MainActor @Suite struct ExplorerCheckTests {
  /// The counterexample the explorer finds for `Careless` when only `mistake` can be chosen.
  func counterexample(
    for mistake: Careless.Mistake, idempotency: Bool = true
  ) throws -> ExplorationCounterexample {
    let explorer = WorkflowExplorer(
      workflow: Careless(),
      moves: { screen in
        ExplorationMove.found(in: screen).filter {
          $0.code.contains(".none") || $0.code.contains(".\(mistake))")
        }
      }
    )
    .checkingRenderIdempotency(idempotency)
    return try #require(explorer.run(budget: .runs(5, movesPerRun: 6)).counterexample)
  }

  @Test func aDuplicateChildKeyIsAFailureNotACrash() throws {
    let found = try counterexample(for: .duplicateChild)
    #expect(found.moves == ["tester.send { $0.choose.send(.duplicateChild) }"])
    #expect(found.failures.map(\.kind) == [.programmerError])
    #expect(
      found.failures.first?.message
        == "Careless rendered two children of type Stepper with key \"twin\" in one render; "
        + "give each child of the same type a unique key")
  }

  @Test func aDuplicateSideEffectKeyIsAFailureNotACrash() throws {
    let found = try counterexample(for: .duplicateSideEffect)
    #expect(found.moves == ["tester.send { $0.choose.send(.duplicateSideEffect) }"])
    #expect(found.failures.map(\.kind) == [.programmerError])
    #expect(found.failures.first?.message.contains("ran two side effects with key") == true)
  }

  @Test func aSendDuringRenderIsAFailureNotACrash() throws {
    let found = try counterexample(for: .sendDuringRender)
    #expect(found.moves == ["tester.send { $0.choose.send(.sendDuringRender) }"])
    #expect(
      found.failures.map(\.message) == [
        "Careless sent an action (AnyWorkflowAction<Careless>) during render; send from a side "
          + "effect or a worker instead"
      ])
  }

  @Test func aProgrammerErrorInTheFirstRenderIsAFailureWithNoMoves() throws {
    struct BrokenFromTheStart: Workflow {
      typealias State = Void
      func render(state: Void, context: RenderContext<BrokenFromTheStart>) {
        context.runSideEffect(key: 1) { _ in }
        context.runSideEffect(key: 1) { _ in }
      }
    }
    let result = WorkflowExplorer(workflow: BrokenFromTheStart()).run()
    let found = try #require(result.counterexample)
    #expect(found.moves.isEmpty)
    #expect(found.failures.map(\.kind) == [.programmerError])
    #expect(result.moves == 0)
  }

  @Test func aRenderThatDependsOnMoreThanItsStateIsReported() throws {
    let found = try counterexample(for: .unrepeatableRender)
    #expect(found.moves == ["tester.send { $0.choose.send(.unrepeatableRender) }"])
    #expect(found.failures.map(\.kind) == [.renderNotRepeatable])
    #expect(
      found.failures.first?.message.contains("The render of Careless is not repeatable") == true)
    #expect(found.failures.first?.message.contains("side effect \"render") == true)
  }

  @Test func theRenderCheckCanBeTurnedOff() {
    let explorer = WorkflowExplorer(workflow: Careless()) { screen in
      ExplorationMove.found(in: screen).filter { $0.code.contains("unrepeatableRender") }
    }
    #expect(explorer.checkingRenderIdempotency(false).run().counterexample == nil)
  }

  @Test func aRepeatableTreeWithChildrenPassesTheRenderCheck() {
    let result = WorkflowExplorer(workflow: StepperList()).check(budget: .runs(10))
    #expect(result.counterexample == nil)
    #expect(result.moves == 250)
  }

  @Test func aStateThatDoesNotSurviveItsSnapshotIsFound() throws {
    let found = try #require(
      WorkflowExplorer(workflow: LossyCounter()).checkingSnapshots().run().counterexample)
    #expect(found.moves == Array(repeating: "tester.send { $0.onAdd() }", count: 3))
    #expect(found.failures.map(\.kind) == [.snapshotRoundTrip])
    #expect(
      found.failures.map(\.message) == [
        "a host restored from the snapshot saves another one:\n"
          + "  WorkflowTestingTests.LossyCounter: expected 3, got 4"
      ])
  }

  @Test func aStateThatSurvivesItsSnapshotPasses() {
    #expect(WorkflowExplorer(workflow: Stepper()).checkingSnapshots().run().counterexample == nil)
  }

  @Test func aStateSavedInPartOnPurposeIsNotAFailure() {
    let explorer = WorkflowExplorer(workflow: CappedCounter()).checkingSnapshots().checkingUndo()
    #expect(explorer.run().counterexample == nil)
  }

  @Test func anUndoThatDoesNotRestoreTheStateBeforeIsFound() throws {
    // Undo restores the state the step kept; an object inside it was changed in place since.
    let explorer = WorkflowExplorer(workflow: SharedTally()).checkingUndo()
    let found = try #require(explorer.run().counterexample)
    #expect(found.moves == ["tester.send { $0.onAdd() }", "tester.host?.undo()"])
    #expect(found.failures.map(\.kind) == [.undo])
    #expect(
      found.failures.map(\.message) == [
        "the states after undo are not those from before the undone move:\n"
          + "  WorkflowTestingTests.SharedTally: expected 0, got 1"
      ])
    #expect(
      found.testCode.hasPrefix(
        "let tester = WorkflowHostTester(exhaustive: false, configuration: "
          + "RuntimeConfiguration(historyLimit: 26)) { scheduler in"))
  }

  @Test func aMoveThatSendsTwiceIsNotTakenBackByOneUndo() throws {
    let explorer = WorkflowExplorer(workflow: Stepper()) { _ in
      [
        .send("$0.onUp()") { $0.onUp() },
        .send("$0.onUp(); $0.onUp()") { screen in
          screen.onUp()
          screen.onUp()
        },
      ]
    }
    .checkingUndo()
    let found = try #require(explorer.run().counterexample)
    #expect(found.moves == ["tester.send { $0.onUp(); $0.onUp() }", "tester.host?.undo()"])
    #expect(
      found.failures.map(\.message) == [
        "the states after undo are not those from before the undone move:\n"
          + "  WorkflowTestingTests.Stepper: expected 0, got 1\n"
          + "  (the undone move made 2 history steps, and undo takes back one)"
      ])
  }

  @Test func undoIsOfferedOnlyWithAStepToGoBackTo() {
    var undoOffered = false
    let result = WorkflowExplorer(workflow: Stepper()) { _ in [] }
      .checkingUndo()
      .invariant("none") { step in
        undoOffered = undoOffered || step.move == "tester.host?.undo()"
        return []
      }
      .check(budget: .runs(2))
    #expect(!undoOffered)
    #expect(result.moves == 0)
  }

  @Test func undoRestoresACorrectWorkflow() {
    var undos = 0
    let result = WorkflowExplorer(workflow: Stepper())
      .checkingUndo()
      .invariant("count") { step in
        if step.move == "tester.host?.undo()" { undos += 1 }
        return []
      }
      .check(budget: .runs(20))
    #expect(result.counterexample == nil)
    #expect(undos > 0)
  }
}
