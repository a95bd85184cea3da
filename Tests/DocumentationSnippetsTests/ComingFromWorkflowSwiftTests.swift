// SPDX-License-Identifier: Apache-2.0

// The tests of the "Coming from workflow-swift" article
// (Workflow.docc/ComingFromWorkflowSwift.md), which quotes them; they also check that the
// article's workflows do what it says.

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@Suite struct ComingFromWorkflowSwiftTests {
  @MainActor @Test func theHostReportsTheSignUp() {
    let host = WorkflowHost(workflow: SignUpWorkflow())
    var outputs: [SignUpWorkflow.Output] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.onEmailChanged("ada@example.com")
    host.rendering.value.terms.onAccept()
    #expect(outputs == [.signedUp(email: "ada@example.com")])
  }

  @MainActor @Test func acceptingTheTermsSignsUp() {
    SignUpWorkflow()
      .renderTester(initialState: .init(email: "ada@example.com"))
      .expectWorkflow(
        type: TermsWorkflow.self,
        producingRendering: TermsScreen(onAccept: {}),
        producingOutput: .accepted
      )
      .render { _ in }
      .verifyOutput { output in
        #expect(output == .signedUp(email: "ada@example.com"))
      }
      .verifyState { state in #expect(state.hasAccepted) }
  }

  @MainActor @Test func aParentExpectsTheWorkers() {
    struct Parent: Workflow {
      func makeInitialState() -> [String] { [] }
      func render(state: [String], context: RenderContext<Parent>) -> [String] {
        LoadGreeting(name: "Ada").running(in: context) { Self.append($0) }
        Countdown(from: 3).running(in: context) { Self.append("\($0)") }
        return state
      }
      static func append(_ text: String) -> AnyWorkflowAction<Parent> {
        AnyWorkflowAction { state in
          state.append(text)
          return nil
        }
      }
    }
    Parent()
      .renderTester()
      .expect(worker: LoadGreeting(name: "Ada"), producingOutput: "Hi")
      .expectWorker(Countdown(from: 3), mockingOutput: 3)
      .render { _ in }
      .assert(state: ["Hi", "3"])
  }

  @MainActor @Test func sideEffectsAreKeyedByAnyHashableValue() {
    PollingWorkflow(seconds: 30, poll: {})
      .renderTester()
      .expectSideEffect(key: PollingWorkflow.Job.poll(seconds: 30))
      .render { _ in }
  }

  @MainActor @Test func theClockTicksOnTheScheduler() {
    let scheduler = TestScheduler()
    let host = WorkflowHost(workflow: ClockWorkflow(scheduler: scheduler))
    scheduler.advance(by: .seconds(3))
    #expect(host.rendering.value == 3)
  }

  @MainActor @Test func greetingsAreAProducerOfThisModule() async {
    var greetings: [String] = []
    for await greeting in makeGreetings().values {
      greetings.append(greeting)
    }
    #expect(greetings == ["hello", "hi"])
  }

  @MainActor @Test func actionsQueuedTogetherRenderOnce() {
    let host = WorkflowHost(workflow: SignUpWorkflow())
    var emails: [String] = []
    let observation = host.rendering.signal.observeValues { screen in
      emails.append(screen.email)
      if screen.email == "a" {
        // Sent while the host publishes: queued, applied together.
        screen.onEmailChanged("ab")
        screen.onEmailChanged("abc")
      }
    }
    host.rendering.value.onEmailChanged("a")
    #expect(emails == ["a", "abc"])
    observation?.dispose()
  }

  @MainActor @Test func anActionThatChangesNothingPublishesNothing() {
    let host = WorkflowHost(workflow: SignUpWorkflow())
    var published = 0
    let observation = host.rendering.signal.observeValues { _ in
      published += 1
    }
    host.rendering.value.onEmailChanged("")
    #expect(published == 0)
    observation?.dispose()
  }

  @MainActor @Test func everyBatchRendersWhenConfiguredSo() {
    let host = WorkflowHost(
      workflow: SignUpWorkflow(),
      configuration: .init(skipsRenderWhenStateIsUnchanged: false))
    var published = 0
    let observation = host.rendering.signal.observeValues { _ in
      published += 1
    }
    host.rendering.value.onEmailChanged("")
    #expect(published == 1)
    observation?.dispose()
  }

  @MainActor @Test func aTracerAndTheTreeReplaceTheDebugger() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: SignUpWorkflow(), observers: [tracer])
    host.rendering.value.onEmailChanged("ada@example.com")
    #expect(tracer.passes.last?.actions.count == 1)
    #expect(host.debugTree().typeName == "SignUpWorkflow")
  }

  @MainActor @Test func aScopeConfiguresTheHostsMadeInIt() {
    let host = Runtime.withConfiguration(override: { configuration in
      configuration.renderOnlyIfStateChanged = false
    }) {
      WorkflowHost(workflow: SignUpWorkflow())
    }
    var published = 0
    let observation = host.rendering.signal.observeValues { _ in
      published += 1
    }
    host.rendering.value.onEmailChanged("")
    #expect(published == 1)
    observation?.dispose()
  }

  @MainActor @Test func anOlderRenderingKeepsWorking() {
    let host = WorkflowHost(workflow: SignUpWorkflow())
    let first = host.rendering.value
    first.onEmailChanged("a")
    first.onEmailChanged("ab")
    #expect(host.rendering.value.email == "ab")
  }

  @MainActor @Test func aRenderMayLeadToSeveralActions() {
    CounterFeature(maximum: 10)
      .renderTester()
      .render { counter in
        counter.send.send(.increment)
        counter.send.send(.increment)
      }
      .assert(actions: [CounterFeature.Action.increment, .increment])
      .assert(state: .init(count: 2))
  }

  @MainActor @Test func anUnexpectedChildIsReported() {
    withKnownIssue {
      SignUpWorkflow()
        .renderTester()
        .render { _ in }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("Unexpected workflow TermsWorkflow")
      }
    }
  }

  @MainActor @Test func anErasedChildIsExpectedByItsOwnType() {
    TermsPageWorkflow(terms: AnyWorkflow(TermsWorkflow()))
      .renderTester()
      .expectWorkflowIgnoringOutput(
        type: TermsWorkflow.self,
        producingRendering: TermsScreen(onAccept: {})
      )
      .render { _ in }
  }

  @MainActor @Test func theCounterStopsAtItsMaximum() {
    CounterFeature.Action
      .tester(
        withState: .init(count: 1), workflow: CounterFeature(maximum: 2)
      )
      .send(action: .increment)
      .assert(state: .init(count: 2))
      .send(action: .increment)
      .assert(state: .init(count: 2))
  }

  @MainActor @Test func theStoreIsAHost() async {
    let tester = WorkflowHostTester { _ in CounterFeature(maximum: 5) }
    tester.send { $0.send.send(.increment) }
    #expect(await tester.awaitNextRendering()?.count == 1)
    tester.finish()
  }
}
