// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@Suite struct RenderTesterTests {
  let scheduler = TestScheduler()

  func childScreen(count: Int = 7) -> CounterWorkflow.Screen {
    CounterWorkflow.Screen(count: count, sink: Sink { _ in })
  }

  func parentTester(isTicking: Bool = true) -> RenderTester<ParentWorkflow> {
    ParentWorkflow(isTicking: isTicking, scheduler: scheduler).renderTester()
  }

  @Test func handsBackTheExpectedChildRendering() {
    parentTester()
      .expectWorkflow(type: CounterWorkflow.self, key: "a", producingRendering: childScreen())
      .expectWorker(TickWorker(interval: .seconds(1), scheduler: scheduler), key: "ticks")
      .expectSideEffect(key: "log")
      .render { screen in #expect(screen.child.count == 7) }
      .assertNoAction()
      .assertNoOutput()
      .assert(state: ParentWorkflow.State())
  }

  @Test func expectationAssertionsSeeTheChildProps() {
    var seenStep: Int?
    parentTester(isTicking: false)
      .expectWorkflow(type: CounterWorkflow.self, key: "a", producingRendering: childScreen()) {
        seenStep = $0.step
      }
      .expectSideEffect(key: "log")
      .render()
    #expect(seenStep == 1)
  }

  @Test func appliesChildOutputThroughTheParentMapping() {
    parentTester(isTicking: false)
      .expectWorkflow(
        type: CounterWorkflow.self, key: "a", producingRendering: childScreen(),
        producingOutput: .reachedLimit
      )
      .expectSideEffect(key: "log")
      .render()
      .assert(actions: [ParentWorkflow.Action.childReachedLimit])
      .assert(output: .childDone)
      .assertStateModifications { $0.limitHits += 1 }
  }

  @Test func appliesWorkerOutputThroughTheParentMapping() {
    parentTester()
      .expectWorkflow(type: CounterWorkflow.self, key: "a", producingRendering: childScreen())
      .expectWorker(
        TickWorker(interval: .seconds(1), scheduler: scheduler), mockingOutput: 5, key: "ticks"
      )
      .expectSideEffect(key: "log")
      .render()
      .assert(actions: [ParentWorkflow.Action.tick(5)])
      .verifyState { #expect($0.lastTick == 5) }
  }

  @Test func appliesTheSideEffectAction() {
    parentTester(isTicking: false)
      .expectWorkflow(type: CounterWorkflow.self, key: "a", producingRendering: childScreen())
      .expectSideEffect(key: "log", producingAction: ParentWorkflow.Action.logged)
      .render()
      .assert(state: ParentWorkflow.State(isLogged: true))
  }

  @Test func recordsEveryActionSentFromTheRenderingInOrder() {
    CounterWorkflow()
      .renderTester(initialState: 1)
      .render { screen in
        screen.sink.send(.increment)
        screen.sink.send(.decrement)
        screen.sink.send(.increment)
        screen.sink.send(.increment)
      }
      .assert(actions: [CounterWorkflow.Action.increment, .decrement, .increment, .increment])
      .assert(state: 3)
      .assert(output: .reachedLimit)
      .verifyActions { #expect($0.count == 4) }
  }

  @Test func rendersOnceWhenIdempotencyCheckIsOff() {
    let count = RenderCount()
    FlakyWorkflow(count: count)
      .renderTester()
      .checkingRenderIdempotency(false)
      .expectSideEffect(key: "effect-1")
      .render()
    #expect(count.value == 1)
  }

  @Test func rendersTwiceByDefault() {
    let count = RenderCount()
    CountingWorkflow(count: count).renderTester().render()
    #expect(count.value == 2)
  }
}
