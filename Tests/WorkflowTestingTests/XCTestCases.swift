// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive
import WorkflowTesting
import XCTest

final class RenderTesterXCTests: FailureCapturingTestCase {
  func testRendersAndAppliesTheRenderingsActions() {
    CounterWorkflow().renderTester()
      .render {
        XCTAssertEqual($0.count, 0); $0.sink.send(.increment)
      }
      .assert(state: 1)
      .assert(actions: [CounterWorkflow.Action.increment])
  }

  func testReportsAMismatchAsAnXCTestFailureAtTheCallerLine() {
    let line = #line + 2
    let failures = expectFailures {
      CounterWorkflow().renderTester().render().assert(state: 2)
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains("expected 2, got 0") == true)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertTrue(failures.first?.file.hasSuffix("XCTestCases.swift") == true)
  }
}

final class ActionTesterXCTests: FailureCapturingTestCase {
  func testAppliesActions() {
    CounterWorkflow.Action.tester(withState: 2)
      .send(action: .increment)
      .assert(state: 3)
      .assert(output: .reachedLimit)
  }

  func testReportsAReadWithoutAWorkflow() {
    let failures = expectFailures {
      _ = CounterWorkflow.Action.tester(withState: 0).send(action: .incrementByStep)
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains("tester(withState:workflow:)") == true)
  }
}

final class WorkerTesterXCTests: FailureCapturingTestCase {
  func testCollectsOutputsAndStops() {
    let scheduler = TestScheduler()
    let tester = WorkerTester(
      worker: TickWorker(interval: .seconds(1), scheduler: scheduler), scheduler: scheduler)
    tester.advance(by: .seconds(1))
    tester.assertNextOutput(1)
    tester.cancel()
    tester.assertStopped()
  }

  func testReportsAMissingOutput() {
    let tester = WorkerTester(worker: ListWorker(values: []))
    let failures = expectFailures { tester.assertNextOutput(1) }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains("Expected output 1 of ListWorker, got none yet") == true)
  }
}

final class HostTesterXCTests: FailureCapturingTestCase {
  @MainActor func testDrivesAHost() async {
    let tester = WorkflowHostTester(workflow: CounterWorkflow())
    tester.send { $0.sink.send(.increment) }
    let rendering = await tester.awaitNextRendering()
    XCTAssertEqual(rendering?.count, 1)
    tester.finish()
  }

  @MainActor func testReportsUnassertedValues() async {
    let tester = WorkflowHostTester(workflow: CounterWorkflow())
    tester.send { $0.sink.send(.increment) }
    let failures = expectFailures { tester.finish() }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains("not asserted before finish()") == true)
  }
}

final class ExplorerXCTests: FailureCapturingTestCase {
  static func moves(_ screen: CounterWorkflow.Screen) -> [ExplorationMove<CounterWorkflow.Screen>] {
    [
      .send("$0.sink.send(.increment)") { $0.sink.send(.increment) },
      .send("$0.sink.send(.decrement)") { $0.sink.send(.decrement) },
    ]
  }

  @MainActor func testExploresWithoutFailingWhenEveryCheckHolds() async {
    let result = WorkflowExplorer(workflow: CounterWorkflow(), moves: Self.moves)
      .check(budget: .runs(5))
    XCTAssertNil(result.counterexample)
    XCTAssertEqual(result.moves, 5 * 25)
  }

  @MainActor func testReportsACounterexampleAsAnXCTestFailureAtTheCallerLine() async {
    let explorer = WorkflowExplorer(workflow: CounterWorkflow(), moves: Self.moves)
      .invariant("count is never negative") { step in
        step.rendering.count < 0 ? ["count is \(step.rendering.count)"] : []
      }
    let line = #line + 1
    let failures = expectFailures { explorer.check() }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertTrue(failures.first?.file.hasSuffix("XCTestCases.swift") == true)
    let message = failures.first?.message ?? ""
    XCTAssertTrue(message.contains("invariant \"count is never negative\": count is -1"), message)
    XCTAssertTrue(
      message.hasSuffix(
        """
            tester.send { $0.sink.send(.decrement) }
            // Fails here: invariant "count is never negative": count is -1
        """), message)
  }
}
