// SPDX-License-Identifier: Apache-2.0

import Workflow

/// A counter with props (`step`), an output, and a rendering that carries its sink.
struct Counter: Workflow, Equatable {
  var step = 1
  var initial = 0

  enum Output: Equatable {
    case reported(Int)
  }

  enum Action: WorkflowAction, Equatable {
    typealias WorkflowType = Counter
    case increment
    case set(Int)
    case report
    case nothing

    func apply(toState state: inout Int, context: ApplyContext<Counter>) -> Output? {
      switch self {
      case .increment: state += context[workflowValue: \.step]
      case .set(let value): state = value
      case .report: return .reported(state)
      case .nothing: break
      }
      return nil
    }
  }

  struct Rendering {
    var count: Int
    var sink: Sink<Action>
  }

  func makeInitialState() -> Int { initial }

  func render(state: Int, context: RenderContext<Counter>) -> Rendering {
    Rendering(count: state, sink: context.makeSink(of: Action.self))
  }
}

/// A parent rendering keyed counters, reporting their outputs as its own.
struct CounterList: Workflow, Equatable {
  var keys: [String]
  var step = 1

  enum Output: Equatable {
    case child(String, Counter.Output)
  }

  struct ChildOutput: WorkflowAction {
    typealias WorkflowType = CounterList
    var key: String
    var output: Counter.Output

    func apply(toState state: inout Void, context: ApplyContext<CounterList>) -> Output? {
      .child(key, output)
    }
  }

  func render(state: Void, context: RenderContext<CounterList>) -> [String: Counter.Rendering] {
    var result: [String: Counter.Rendering] = [:]
    for key in keys {
      result[key] = Counter(step: step).rendered(in: context, key: key) {
        ChildOutput(key: key, output: $0)
      }
    }
    return result
  }
}
