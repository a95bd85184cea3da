// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@Suite struct RenderTesterFailureTests {
  let scheduler = TestScheduler()

  func childScreen() -> CounterWorkflow.Screen {
    CounterWorkflow.Screen(count: 0, sink: Sink { _ in })
  }

  @Test func reportsAnUnexpectedWorker() {
    withKnownIssue {
      ParentWorkflow(scheduler: scheduler).renderTester()
        .expectWorkflow(type: CounterWorkflow.self, key: "a", producingRendering: childScreen())
        .expectSideEffect(key: "log")
        .render()
    } matching: {
      issue($0, says: "Unexpected worker TickWorker with key \"ticks\"", "expectWorker")
    }
  }

  @MainActor @Test func reportsAnUnexpectedChildAndGoesOn() {
    withKnownIssue {
      ParentWorkflow(isTicking: false, scheduler: scheduler).renderTester()
        .expectSideEffect(key: "log")
        .render { screen in #expect(screen.child.count == 0) }
    } matching: {
      issue($0, says: "Unexpected workflow CounterWorkflow with key \"a\"", "ParentWorkflow")
    }
  }

  @Test func reportsAnUnexpectedChildOffTheMainActorAndGoesOn() {
    withKnownIssue {
      ParentWorkflow(isTicking: false, scheduler: scheduler).renderTester()
        .expectSideEffect(key: "log")
        .render { screen in #expect(screen.child.count == 0) }
    } matching: {
      issue($0, says: "Unexpected workflow CounterWorkflow with key \"a\"")
    }
  }

  @Test func namesTheExpectedKeysOfAChildWithAnotherKey() {
    withKnownIssue {
      ParentWorkflow(isTicking: false, scheduler: scheduler).renderTester()
        .expectWorkflow(type: CounterWorkflow.self, key: "b", producingRendering: childScreen())
        .expectWorkflow(type: CounterWorkflow.self, key: "a", producingRendering: childScreen())
        .expectSideEffect(key: "log")
        .expectSideEffect(key: "other")
        .render()
    } matching: {
      issue($0, says: "Expected workflow CounterWorkflow with key \"b\"", "not requested")
        || issue($0, says: "Expected side effect \"other\"", "not requested")
    }
  }

  @Test func reportsAnUnexpectedSideEffect() {
    withKnownIssue {
      ParentWorkflow(isTicking: false, scheduler: scheduler).renderTester()
        .expectWorkflow(type: CounterWorkflow.self, key: "a", producingRendering: childScreen())
        .render()
    } matching: {
      issue($0, says: "Unexpected side effect \"log\"", "expectSideEffect(key:)")
    }
  }

  @Test func reportsAWorkerThatIsNotEquivalent() {
    withKnownIssue {
      ParentWorkflow(scheduler: scheduler).renderTester()
        .expectWorkflow(type: CounterWorkflow.self, key: "a", producingRendering: childScreen())
        .expectWorker(TickWorker(interval: .seconds(2), scheduler: scheduler), key: "ticks")
        .expectSideEffect(key: "log")
        .render()
    } matching: {
      issue($0, says: "not equivalent", ".interval: expected 2.0 seconds, got 1.0 seconds")
    }
  }

  @Test func reportsAnActionSentDuringRender() {
    withKnownIssue {
      RuleBreakingWorkflow(mistake: .sendsDuringRender).renderTester()
        .render()
        .assertNoAction()
    } matching: {
      issue($0, says: "RuleBreakingWorkflow sent", "during render")
    }
  }

  @Test func reportsADuplicateSideEffectKey() {
    withKnownIssue {
      RuleBreakingWorkflow(mistake: .duplicateSideEffect).renderTester()
        .expectSideEffect(key: "x")
        .expectSideEffect(key: "x")
        .render()
    } matching: {
      issue($0, says: "two side effects with key \"x\"")
    }
  }

  @Test func reportsADuplicateChildKey() {
    withKnownIssue {
      RuleBreakingWorkflow(mistake: .duplicateChild).renderTester()
        .expectWorkflow(type: CounterWorkflow.self, key: "c", producingRendering: childScreen())
        .expectWorkflow(type: CounterWorkflow.self, key: "c", producingRendering: childScreen())
        .render()
    } matching: {
      issue($0, says: "two children of type CounterWorkflow with key \"c\"")
    }
  }

  @Test func reportsARenderThatIsNotRepeatable() {
    withKnownIssue {
      FlakyWorkflow(count: RenderCount()).renderTester()
        .expectSideEffect(key: "effect-2")
        .render()
    } matching: {
      issue(
        $0, says: "render of FlakyWorkflow is not repeatable", "side effect \"effect-1\"",
        "side effect \"effect-2\"")
    }
  }

  @Test func reportsAStateMismatchFieldByField() {
    withKnownIssue {
      ProfileWorkflow().renderTester().render().assert(
        state: Profile(name: "Bo", age: 30, tags: ["a", "b"]))
    } matching: {
      issue(
        $0, says: "State of ProfileWorkflow differs", ".name: expected \"Bo\", got \"Al\"",
        ".tags[1]: expected \"b\", got no element")
        && !message(of: $0).contains(".age")
    }
  }

  @Test func reportsAnActionMismatch() {
    withKnownIssue {
      CounterWorkflow().renderTester()
        .render { $0.sink.send(.increment) }
        .assert(actions: [CounterWorkflow.Action.decrement])
    } matching: {
      issue($0, says: "Actions of CounterWorkflow differ", "[0]", "decrement")
    }
  }

  @Test func reportsAnOutputMismatch() {
    withKnownIssue {
      CounterWorkflow().renderTester(initialState: 2)
        .render { $0.sink.send(.increment) }
        .assertNoOutput()
    } matching: {
      issue($0, says: "Expected no output of CounterWorkflow", "reachedLimit")
    }
    withKnownIssue {
      CounterWorkflow().renderTester().render().assertNoAction().assert(output: .reachedLimit)
    } matching: {
      issue($0, says: "got no output")
    }
  }

  @Test func reportsAtTheCallerLine() {
    let expectedLine = #line + 3
    withKnownIssue {
      CounterWorkflow().renderTester().render()
        .assert(state: 9)
    } matching: {
      $0.sourceLocation?.line == expectedLine
    }
  }
}
