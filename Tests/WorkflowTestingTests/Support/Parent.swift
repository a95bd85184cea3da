// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Renders a counter child, runs a ticking worker while `isTicking`, and a logging side effect.
struct ParentWorkflow: Workflow {
  var isTicking = true
  var scheduler: TestScheduler

  struct State: Equatable {
    var limitHits = 0
    var lastTick = 0
    var isLogged = false
  }

  enum Output: Equatable {
    case childDone
  }

  enum Action: WorkflowAction, Equatable {
    typealias WorkflowType = ParentWorkflow

    case childReachedLimit
    case tick(Int)
    case logged

    func apply(toState state: inout State, context: ApplyContext<ParentWorkflow>) -> Output? {
      switch self {
      case .childReachedLimit:
        state.limitHits += 1
        return .childDone
      case .tick(let value): state.lastTick = value
      case .logged: state.isLogged = true
      }
      return nil
    }
  }

  struct Screen {
    var child: CounterWorkflow.Screen
    var lastTick: Int
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<ParentWorkflow>) -> Screen {
    let child = CounterWorkflow().rendered(in: context, key: "a") { _ in
      Action.childReachedLimit
    }
    if isTicking {
      TickWorker(interval: .seconds(1), scheduler: scheduler)
        .running(in: context, key: "ticks") { Action.tick($0) }
    }
    let sink = context.makeSink(of: Action.self)
    context.runSideEffect(key: "log") { _ in sink.send(.logged) }
    return Screen(child: child, lastTick: state.lastTick)
  }
}
