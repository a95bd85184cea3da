// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

/// The explorer finds a planted bug, shrinks it, replays it from its seed, and keeps to its
/// budget.
@MainActor @Suite struct ExplorerTests {
  static let doorStaysShut = { (step: ExplorationStep<Keypad>) -> [String] in
    step.state.isOpen ? ["the door opened after \(step.state.entered)"] : []
  }

  static let keypad = WorkflowExplorer(workflow: Keypad(), workflowCode: "Keypad()")
    .invariant("the door stays shut", doorStaysShut)

  @Test func findsThePlantedBugAndShrinksItToTheThreePressesThatOpenTheDoor() throws {
    let result = Self.keypad.run()
    let found = try #require(result.counterexample)
    #expect(
      found.moves == [
        "tester.send { $0.sink.send(.press1) }",
        "tester.send { $0.sink.send(.press2) }",
        "tester.send { $0.sink.send(.press3) }",
      ])
    #expect(found.originalMoves.count > 3)
    #expect(found.originalMoves.suffix(3) == found.moves[...])
    #expect(
      found.failures == [
        ExplorationFailure(
          kind: .invariant("the door stays shut"), message: "the door opened after [1, 2, 3]")
      ])
    #expect(found.shrinkReplays > 0)
    #expect(result.moves >= found.originalMoves.count)
  }

  @Test func printsTheShrunkSequenceAsAHostTesterTest() throws {
    let found = try #require(Self.keypad.run().counterexample)
    #expect(
      found.testCode == """
        let tester = WorkflowHostTester(exhaustive: false) { scheduler in
          Keypad()
        }
        tester.send { $0.sink.send(.press1) }
        tester.send { $0.sink.send(.press2) }
        tester.send { $0.sink.send(.press3) }
        // Fails here: invariant "the door stays shut": the door opened after [1, 2, 3]
        """)
  }

  /// The test the counterexample above prints, pasted: it compiles and shows the bug.
  @Test func thePrintedTestRunsAndShowsTheBug() {
    let tester = WorkflowHostTester(exhaustive: false) { scheduler in
      Keypad()
    }
    tester.send { $0.sink.send(.press1) }
    tester.send { $0.sink.send(.press2) }
    tester.send { $0.sink.send(.press3) }
    #expect(tester.rendering.isOpen)
  }

  @Test func theSameSeedGivesTheSameResultAndAnotherSeedOtherRuns() {
    let first = Self.keypad.run(seed: 42)
    let second = Self.keypad.run(seed: 42)
    #expect(first == second)
    #expect(first.counterexample != nil)
    let other = Self.keypad.run(seed: 43)
    #expect(other.counterexample?.originalMoves != first.counterexample?.originalMoves)
  }

  @Test func theFailingRunsSeedReplaysThatRunAlone() throws {
    let found = try #require(Self.keypad.run(seed: 7).counterexample)
    let again = Self.keypad.run(seed: found.seed, budget: .runs(1))
    #expect(again.counterexample?.originalMoves == found.originalMoves)
    #expect(again.counterexample?.run == 0)
  }

  @Test func replayMakesTheNamedMovesAndReportsTheFailure() {
    let moves = [
      "tester.send { $0.sink.send(.press1) }",
      "tester.send { $0.sink.send(.press2) }",
      "tester.send { $0.sink.send(.press3) }",
    ]
    withKnownIssue {
      let failures = Self.keypad.replay(moves)
      #expect(failures.map(\.kind) == [.invariant("the door stays shut")])
    } matching: {
      issue($0, says: "Keypad: replaying 3 move(s) failed", "the door opened after [1, 2, 3]")
    }
    #expect(Self.keypad.replay(Array(moves.prefix(2))).isEmpty)
  }

  @Test func checkRecordsTheCounterexampleWithItsSeedAndTest() {
    withKnownIssue {
      Self.keypad.check(seed: 1)
    } matching: {
      issue(
        $0,
        says: "Keypad: Explored 2 runs (29 moves) from seed 0x1: run 1 failed after 4 moves, "
          + "shrunk to 3 in 10 replays.",
        "invariant \"the door stays shut\"", "Replay that run alone with check(seed: 0x",
        "tester.send { $0.sink.send(.press1) }")
    }
  }

  @Test func keepsToTheRunsAndMovesOfItsBudget() {
    var hosts = 0
    let result = WorkflowExplorer { _ in
      hosts += 1
      return Stepper()
    }
    .check(budget: .runs(7, movesPerRun: 4))
    #expect(result.runs == 7)
    #expect(result.moves == 28)
    #expect(hosts == 7)
    #expect(!result.reachedTimeLimit)
    #expect(result.counterexample == nil)
    #expect(
      result.description == "Explored 7 runs (28 moves) from seed 0x5EED: every check passed.")
  }

  @Test func stopsAtItsTimeLimit() {
    let result = WorkflowExplorer(workflow: Stepper())
      .check(budget: .runs(1000, movesPerRun: 10, timeLimit: .zero))
    #expect(result.runs == 1)
    #expect(result.moves == 0)
    #expect(result.reachedTimeLimit)
    #expect(result.description.contains("stopped by the time limit"))
  }

  @Test func aRunEndsWhenTheRenderingOffersNoMove() {
    let result = WorkflowExplorer(workflow: Stepper(), moves: { _ in [] })
      .check(budget: .runs(3, movesPerRun: 10))
    #expect(result.runs == 3)
    #expect(result.moves == 0)
  }

  @Test func advancesVirtualTimeAndShrinksToTheTicksThatBreakIt() throws {
    let explorer = WorkflowExplorer(
      workflowCode: "Countdown(scheduler: scheduler)",
      moves: { ExplorationMove.found(in: $0) + [.advance(by: .seconds(1))] },
      makeWorkflow: { Countdown(scheduler: $0) }
    )
    .invariant("no negative time") { step in
      step.rendering.remaining < 0 ? ["\(step.rendering.remaining) seconds left"] : []
    }
    let found = try #require(explorer.run().counterexample)
    #expect(found.moves == Array(repeating: "tester.advance(by: .seconds(1))", count: 4))
    #expect(found.failures.map(\.message) == ["-1 seconds left"])
    #expect(found.testCode.contains("Countdown(scheduler: scheduler)"))
  }

  @Test func invariantsSeeTheStatesOfChildrenBeforeAndAfter() {
    var seen: [(before: [Int], after: [Int])] = []
    WorkflowExplorer(workflow: StepperList())
      .invariant("rows only grow") { step in
        seen.append((step.previousStates(of: Stepper.self), step.states(of: Stepper.self)))
        return step.states(of: Stepper.self).count >= step.previousStates(of: Stepper.self).count
          ? [] : ["a row went away"]
      }
      .check(budget: .runs(3, movesPerRun: 6))
    #expect(seen.count == 3 * 7)
    #expect(seen.first.map { $0.before.isEmpty && $0.after == [0] } == true)
    #expect(seen.contains { $0.after.count > 1 })
  }

  @Test func aFailureThatDoesNotComeBackOnReplayIsReportedUnshrunkAndSaysSo() throws {
    var checks = 0
    let found = try #require(
      WorkflowExplorer(workflow: Stepper())
        .invariant("fails once, on the 10th check") { _ in
          checks += 1
          return checks == 10 ? ["the 10th check"] : []
        }
        .run()
        .counterexample)
    #expect(found.moves.count == 9)
    #expect(found.moves == found.originalMoves)
    #expect(found.shrinkReplays == 1)
    #expect(found.testCode.contains("// These moves did not fail again when replayed"))
  }

  @Test func seesTheOutputsOfEachStep() {
    var outputs: [[Int]] = []
    WorkflowExplorer(
      workflow: Reporter(),
      moves: { _ in [.send("$0.onReport()") { $0.onReport() }] }
    )
    .invariant("outputs count up") { step in
      outputs.append(step.outputs)
      return []
    }
    .check(budget: .runs(1, movesPerRun: 2))
    #expect(outputs == [[], [1], [2]])
  }
}

/// Reports how many times it was asked to.
private struct Reporter: Workflow {
  typealias State = Int
  typealias Output = Int

  struct Screen {
    var onReport: () -> Void
  }

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<Reporter>) -> Screen {
    let sink = context.makeSink(of: AnyWorkflowAction<Reporter>.self)
    return Screen(onReport: {
      sink.send(
        AnyWorkflowAction {
          $0 += 1; return $0
        })
    })
  }
}
