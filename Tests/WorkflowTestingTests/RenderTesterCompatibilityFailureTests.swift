// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@Suite struct RenderTesterCompatibilityFailureTests {
  typealias Fixtures = RenderTesterCompatibilityTests

  @Test func verifyOutputReportsAMissingOutputAndSkipsItsClosure() {
    var didRun = false
    withKnownIssue {
      CounterWorkflow().renderTester().render().verifyOutput { _ in didRun = true }
    } matching: {
      issue($0, says: "Expected an output of CounterWorkflow, got no output")
    }
    #expect(!didRun)
  }

  @Test func verifyOutputReportsMoreThanOneOutput() {
    withKnownIssue {
      CounterWorkflow().renderTester(initialState: 2)
        .render { screen in
          screen.sink.send(.increment)
          screen.sink.send(.decrement)
          screen.sink.send(.increment)
        }
        .verifyOutput { _ in }
    } matching: {
      issue($0, says: "Expected one output of CounterWorkflow, got 2: reachedLimit, reachedLimit")
    }
  }

  @Test func verifyActionReportsThatNoActionWasProducedAndSkipsItsClosure() {
    var didRun = false
    withKnownIssue {
      CounterWorkflow().renderTester().render()
        .verifyAction(type: CounterWorkflow.Action.self) { _ in didRun = true }
    } matching: {
      issue($0, says: "Expected one action of CounterWorkflow, but no action was produced")
    }
    #expect(!didRun)
    withKnownIssue {
      CounterWorkflow().renderTester().render().assert(action: CounterWorkflow.Action.increment)
    } matching: {
      issue($0, says: "no action was produced")
    }
  }

  @Test func verifyActionReportsSeveralActions() {
    withKnownIssue {
      CounterWorkflow().renderTester()
        .render { screen in
          screen.sink.send(.increment)
          screen.sink.send(.decrement)
        }
        .verifyAction(type: CounterWorkflow.Action.self) { _ in }
    } matching: {
      issue($0, says: "Expected one action of CounterWorkflow, got 2: increment, decrement")
    }
  }

  @Test func verifyActionReportsAnActionOfAnotherType() {
    withKnownIssue {
      CounterWorkflow().renderTester()
        .render { $0.sink.send(.increment) }
        .verifyAction(type: AnyWorkflowAction<CounterWorkflow>.self) { _ in }
    } matching: {
      issue(
        $0,
        says: "Expected an action of type AnyWorkflowAction<CounterWorkflow> in CounterWorkflow",
        "got Action: increment")
    }
  }

  @Test func assertActionReportsADifferentAction() {
    withKnownIssue {
      CounterWorkflow().renderTester()
        .render { $0.sink.send(.increment) }
        .assert(action: CounterWorkflow.Action.decrement)
    } matching: {
      issue(
        $0, says: "Action of CounterWorkflow differs from the expected action",
        "expected decrement, got increment")
    }
  }

  @Test func expectWorkflowIgnoringOutputReportsAChildWithAnOutputMapping() {
    withKnownIssue {
      Fixtures.expectingTheRest(
        of: Fixtures.dashboard(watchesCounter: true)
          .expectWorkflowIgnoringOutput(
            type: CounterWorkflow.self, producingRendering: Fixtures.counterScreen)
      )
      .render()
    } matching: {
      issue(
        $0, says: "workflow CounterWorkflow with key \"\" was expected with its output ignored",
        "DashboardWorkflow renders it with an output mapping")
    }
  }

  @Test func anUnexpectedProducerIsNamedWithItsRemedy() {
    withKnownIssue {
      Fixtures.dashboard()
        .expectWorkflowIgnoringOutput(
          type: CounterWorkflow.self, producingRendering: Fixtures.counterScreen
        )
        .expectSignalProducer(outputType: String.self, key: "messages")
        .expect(worker: AnswerWorker(), key: "answer")
        .expectSideEffect(key: DashboardWorkflow.Refresh.every(seconds: 30))
        .render()
    } matching: {
      issue(
        $0,
        says: "Unexpected signal producer of Int with key \"progress\" in the render of "
          + "DashboardWorkflow; expect it with expectSignalProducer(outputType:producingOutput:key:)"
      )
    }
  }

  @Test func anExpectedProducerThatIsNotRenderedIsReported() {
    withKnownIssue {
      CounterWorkflow().renderTester()
        .expectSignalProducer(outputType: Double.self, key: "level")
        .render()
    } matching: {
      issue(
        $0,
        says: "Expected signal producer of Double with key \"level\" in the render of "
          + "CounterWorkflow, but it was not requested")
    }
  }

  @Test func sideEffectKeysOfOtherTypesAreNamedAsTheyPrint() {
    withKnownIssue {
      Fixtures.dashboard()
        .expectWorkflowIgnoringOutput(
          type: CounterWorkflow.self, producingRendering: Fixtures.counterScreen
        )
        .expectSignalProducer(outputType: Int.self, key: "progress")
        .expectSignalProducer(outputType: String.self, key: "messages")
        .expect(worker: AnswerWorker(), key: "answer")
        .expectSideEffect(key: DashboardWorkflow.Refresh.every(seconds: 60))
        .render()
    } matching: {
      issue($0, says: "Unexpected side effect every(seconds: 30)", "expectSideEffect(key:)")
        || issue($0, says: "Expected side effect every(seconds: 60)", "not requested")
    }
  }
}
