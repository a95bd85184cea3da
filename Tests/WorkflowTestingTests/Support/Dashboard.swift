// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Renders one of each kind of child the compatibility additions cover: a counter whose outputs
/// it ignores, a producer and a signal it runs, an async worker, a side effect keyed by an enum,
/// and a state mutation sink.
struct DashboardWorkflow: Workflow {
  enum Refresh: Hashable {
    case every(seconds: Int)
  }

  var progress: SignalProducer<Int, Never>
  var messages: Signal<String, Never>
  var watchesCounter = false

  struct State: Equatable {
    var progress = 0
    var messages: [String] = []
    var answer: Int?
    var title = "dashboard"
    var counterReports = 0
  }

  enum Action: WorkflowAction, Equatable {
    typealias WorkflowType = DashboardWorkflow

    case progressed(Int)
    case received(String)
    case answered(Int)
    case refreshed

    func apply(toState state: inout State, context: ApplyContext<DashboardWorkflow>) -> Int? {
      switch self {
      case .progressed(let value):
        state.progress = value
        return value == 100 ? value : nil
      case .received(let message): state.messages.append(message)
      case .answered(let answer): state.answer = answer
      case .refreshed: break
      }
      return nil
    }
  }

  typealias Output = Int

  struct Screen {
    var title: String
    var counter: CounterWorkflow.Screen
    var mutations: StateMutationSink<DashboardWorkflow>
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<DashboardWorkflow>) -> Screen {
    let counter =
      watchesCounter
      ? CounterWorkflow()
        .onOutput { (state: inout State, _: CounterWorkflow.Output) -> Int? in
          state.counterReports += 1
          return nil
        }
        .rendered(in: context)
      : CounterWorkflow().ignoringOutput().rendered(in: context)
    progress.running(in: context, key: "progress") { Action.progressed($0) }
    messages.running(in: context, key: "messages") { Action.received($0) }
    AnswerWorker().running(in: context, key: "answer") { Action.answered($0) }
    let sink = context.makeSink(of: Action.self)
    context.runSideEffect(key: Refresh.every(seconds: 30)) { _ in sink.send(.refreshed) }
    return Screen(
      title: state.title, counter: counter, mutations: context.makeStateMutationSink())
  }
}
