// SPDX-License-Identifier: Apache-2.0

import Workflow

/// Counts; reports `.reachedLimit` when the count reaches three.
struct CounterWorkflow: Workflow, Equatable {
  var step = 1

  enum Output: Equatable {
    case reachedLimit
  }

  enum Action: WorkflowAction, Equatable {
    typealias WorkflowType = CounterWorkflow

    case increment
    case decrement
    case incrementByStep

    func apply(toState state: inout Int, context: ApplyContext<CounterWorkflow>) -> Output? {
      switch self {
      case .increment: state += 1
      case .decrement: state -= 1
      case .incrementByStep: state += context[workflowValue: \.step]
      }
      return state == 3 ? .reachedLimit : nil
    }
  }

  struct Screen {
    var count: Int
    var sink: Sink<Action>
  }

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<CounterWorkflow>) -> Screen {
    Screen(count: state, sink: context.makeSink(of: Action.self))
  }
}

/// A state with several fields, to check field-by-field differences.
struct Profile: Equatable {
  var name: String
  var age: Int
  var tags: [String]
}

/// Keeps a ``Profile``; its actions edit it.
struct ProfileWorkflow: Workflow {
  enum Action: WorkflowAction, Equatable {
    typealias WorkflowType = ProfileWorkflow

    case rename(String)
    case birthday

    func apply(toState state: inout Profile, context: ApplyContext<ProfileWorkflow>) -> Never? {
      switch self {
      case .rename(let name): state.name = name
      case .birthday: state.age += 1
      }
      return nil
    }
  }

  func makeInitialState() -> Profile { Profile(name: "Al", age: 30, tags: ["a"]) }

  func render(state: Profile, context: RenderContext<ProfileWorkflow>) -> Profile { state }
}
