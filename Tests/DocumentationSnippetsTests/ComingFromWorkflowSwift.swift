// SPDX-License-Identifier: Apache-2.0

// The code of the "Coming from workflow-swift" article
// (Workflow.docc/ComingFromWorkflowSwift.md). The article quotes this file; change both
// together, and keep the quoted lines within 80 columns.

import Workflow
import WorkflowReactive
import class WorkflowReactive.Lifetime

// MARK: The vocabulary you know

struct SignUpWorkflow: Workflow {
  struct State: Equatable {
    var email = ""
    var hasAccepted = false
  }

  enum Output: Equatable {
    case signedUp(email: String)
  }

  func makeInitialState() -> State {
    State()
  }

  func render(
    state: State, context: RenderContext<SignUpWorkflow>
  ) -> SignUpScreen {
    let mutations = context.makeStateMutationSink()
    let terms = TermsWorkflow()
      .onOutput { state, output in
        switch output {
        case .accepted:
          state.hasAccepted = true
          return .signedUp(email: state.email)
        }
      }
      .rendered(in: context)
    return SignUpScreen(
      email: state.email,
      onEmailChanged: { mutations.send(\.email, value: $0) },
      terms: terms)
  }
}

struct SignUpScreen {
  var email: String
  var onEmailChanged: (String) -> Void
  var terms: TermsScreen
}

struct TermsWorkflow: Workflow {
  enum Output {
    case accepted
  }

  func render(
    state: Void, context: RenderContext<TermsWorkflow>
  ) -> TermsScreen {
    let sink = context.makeOutputSink()
    return TermsScreen(onAccept: { sink.send(.accepted) })
  }
}

struct TermsScreen {
  var onAccept: () -> Void
}

// MARK: Behaviour that differs

struct TermsPageWorkflow: Workflow {
  var terms: AnyWorkflow<TermsScreen, TermsWorkflow.Output>

  func render(
    state: Void, context: RenderContext<TermsPageWorkflow>
  ) -> TermsScreen {
    terms.ignoringOutput().rendered(in: context)
  }
}

// MARK: Renamed

struct LoadGreeting: AsyncWorker, Equatable {
  var name: String

  func run() async -> String {
    "Hello, \(name)"
  }
}

struct Countdown: AsyncSequenceWorker, Equatable {
  var from: Int

  func makeValues() -> AsyncStream<Int> {
    let from = self.from
    return AsyncStream { continuation in
      for value in stride(from: from, through: 1, by: -1) {
        continuation.yield(value)
      }
      continuation.finish()
    }
  }
}

struct PollingWorkflow: Workflow {
  enum Job: Hashable {
    case poll(seconds: Int)
  }

  var seconds: Int
  var poll: @Sendable () async -> Void

  func render(state: Void, context: RenderContext<PollingWorkflow>) {
    let poll = self.poll
    context.runSideEffect(key: Job.poll(seconds: seconds)) { lifetime in
      let task = Task { await poll() }
      lifetime.onEnded { task.cancel() }
    }
  }
}

struct ClockWorkflow: Workflow {
  var scheduler: any DateScheduler

  func makeInitialState() -> Int {
    0
  }

  func render(state: Int, context: RenderContext<ClockWorkflow>) -> Int {
    SignalProducer.timer(interval: .seconds(1), on: scheduler)
      .running(in: context, key: "tick") { _ in
        AnyWorkflowAction<ClockWorkflow> { seconds in
          seconds += 1
          return nil
        }
      }
    return state
  }
}

// MARK: Living next to ReactiveSwift

// In a target that also imports ReactiveSwift, name this module's
// types with their module: WorkflowReactive.SignalProducer, and so on.
func makeGreetings() -> WorkflowReactive.SignalProducer<String, Never> {
  WorkflowReactive.SignalProducer(["hello", "hi"])
}

// MARK: For TCA users

struct CounterFeature: Workflow {
  // TCA's dependencies become props: the parent passes them in.
  var maximum: Int

  struct State: Equatable {
    var count = 0
  }

  enum Action: WorkflowAction, Equatable {
    typealias WorkflowType = CounterFeature

    case increment
    case decrement

    func apply(
      toState state: inout State, context: ApplyContext<CounterFeature>
    ) -> Never? {
      switch self {
      case .increment:
        let maximum = context[workflowValue: \.maximum]
        state.count = min(state.count + 1, maximum)
      case .decrement:
        state.count -= 1
      }
      return nil
    }
  }

  func makeInitialState() -> State {
    State()
  }

  func render(
    state: State, context: RenderContext<CounterFeature>
  ) -> (count: Int, send: Sink<Action>) {
    (state.count, context.makeSink(of: Action.self))
  }
}
