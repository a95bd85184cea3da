// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

/// The render tester API added for code written against workflow-swift's WorkflowTesting,
/// WorkflowReactiveSwiftTesting and WorkflowConcurrencyTesting.
@Suite struct RenderTesterCompatibilityTests {
  static let messages = Signal<String, Never>.pipe().output

  static let counterScreen = CounterWorkflow.Screen(count: 4, sink: Sink { _ in })

  static func dashboard(watchesCounter: Bool = false) -> RenderTester<DashboardWorkflow> {
    DashboardWorkflow(
      progress: SignalProducer { _, _ in }, messages: messages, watchesCounter: watchesCounter
    )
    .renderTester()
  }

  /// Every expectation of the dashboard's render except the ones a test gives itself.
  static func expectingTheRest(
    of tester: RenderTester<DashboardWorkflow>, progress: Int? = nil, message: String? = nil,
    answer: Int? = nil
  ) -> RenderTester<DashboardWorkflow> {
    tester
      .expectSignalProducer(outputType: Int.self, producingOutput: progress, key: "progress")
      .expectSignalProducer(producingOutput: message, key: "messages")
      .expect(worker: AnswerWorker(), producingOutput: answer, key: "answer")
      .expectSideEffect(key: DashboardWorkflow.Refresh.every(seconds: 30))
  }

  @Test func aRenderWithEveryKindOfChildMeetsItsExpectations() {
    Self.expectingTheRest(
      of: Self.dashboard()
        .expectWorkflowIgnoringOutput(
          type: CounterWorkflow.self, producingRendering: Self.counterScreen)
    )
    .render { screen in #expect(screen.counter.count == 4) }
    .assertNoAction()
    .assertNoOutput()
  }

  @Test func aProducerOutputIsTheOneActionAndItsOutput() {
    Self.expectingTheRest(
      of: Self.dashboard()
        .expectWorkflowIgnoringOutput(
          type: CounterWorkflow.self, producingRendering: Self.counterScreen),
      progress: 100
    )
    .render()
    .assert(action: DashboardWorkflow.Action.progressed(100))
    .verifyAction(type: DashboardWorkflow.Action.self) { #expect($0 == .progressed(100)) }
    .verifyOutput { #expect($0 == 100) }
    .assert(output: 100)
    .verifyState { #expect($0.progress == 100) }
  }

  @Test func aSignalIsExpectedAsAProducerOfItsValues() {
    Self.expectingTheRest(
      of: Self.dashboard()
        .expectWorkflowIgnoringOutput(
          type: CounterWorkflow.self, producingRendering: Self.counterScreen),
      message: "hello"
    )
    .render()
    .assertStateModifications { $0.messages = ["hello"] }
  }

  @Test func anAsyncWorkerIsExpectedWithEitherSpelling() {
    Self.expectingTheRest(
      of: Self.dashboard()
        .expectWorkflowIgnoringOutput(
          type: CounterWorkflow.self, producingRendering: Self.counterScreen),
      answer: 42
    )
    .render()
    .assert(action: DashboardWorkflow.Action.answered(42))
    Self.dashboard()
      .expectWorkflowIgnoringOutput(
        type: CounterWorkflow.self, producingRendering: Self.counterScreen
      )
      .expectSignalProducer(outputType: Int.self, key: "progress")
      .expectSignalProducer(outputType: String.self, key: "messages")
      .expectWorker(AnswerWorker(), mockingOutput: 7, key: "answer")
      .expectSideEffect(key: DashboardWorkflow.Refresh.every(seconds: 30))
      .render()
      .verifyState { #expect($0.answer == 7) }
  }

  @Test func aSideEffectKeyedByAnEnumSendsItsAction() {
    Self.dashboard()
      .expectWorkflowIgnoringOutput(
        type: CounterWorkflow.self, producingRendering: Self.counterScreen
      )
      .expectSignalProducer(outputType: Int.self, key: "progress")
      .expectSignalProducer(outputType: String.self, key: "messages")
      .expectWorker(AnswerWorker(), key: "answer")
      .expectSideEffect(
        key: DashboardWorkflow.Refresh.every(seconds: 30),
        producingAction: DashboardWorkflow.Action.refreshed
      )
      .render()
      .assert(action: DashboardWorkflow.Action.refreshed)
  }

  @Test func aStateMutationIsOneClosureActionOnTheTesterState() {
    Self.expectingTheRest(
      of: Self.dashboard()
        .expectWorkflowIgnoringOutput(
          type: CounterWorkflow.self, producingRendering: Self.counterScreen)
    )
    .render { screen in screen.mutations.send(\.title, value: "renamed") }
    .verifyAction(type: AnyWorkflowAction<DashboardWorkflow>.self) { action in
      #expect(action.isClosureBased)
    }
    .assert(state: DashboardWorkflow.State(title: "renamed"))
  }

  @Test func anExpectedChildOutputRunsTheOnOutputClosureOnTheTesterState() {
    Self.expectingTheRest(
      of: Self.dashboard(watchesCounter: true)
        .expectWorkflow(
          type: CounterWorkflow.self, producingRendering: Self.counterScreen,
          producingOutput: .reachedLimit)
    )
    .render()
    .assertNoOutput()
    .assertStateModifications { $0.counterReports = 1 }
  }

  // Differs from workflow-swift, on purpose: a render may lead to several actions (child
  // outputs, side-effect actions, then sends from the rendering), and the result keeps them
  // all; the single-action checks report a render that led to more than one.
  @Test func aRenderKeepsEveryActionItLedTo() {
    Self.expectingTheRest(
      of: Self.dashboard()
        .expectWorkflowIgnoringOutput(
          type: CounterWorkflow.self, producingRendering: Self.counterScreen),
      progress: 5, message: "m"
    )
    .render { screen in screen.mutations.send(\.title, value: "t") }
    .verifyActions { actions in #expect(actions.count == 3) }
    .verifyState { state in
      #expect(state.progress == 5 && state.messages == ["m"] && state.title == "t")
    }
  }
}
