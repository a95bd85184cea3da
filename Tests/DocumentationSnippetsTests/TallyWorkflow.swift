// SPDX-License-Identifier: Apache-2.0

// The workflow of the "Your first workflow" article (Workflow.docc/YourFirstWorkflow.md). The
// article quotes this file; change both together. scripts/check-tutorial.sh builds the
// article's own files in a new package.

import Workflow

/// Counts taps toward a goal and tells its parent when the goal is reached.
struct TallyWorkflow: Workflow {
  /// How many taps complete the tally: the props the parent passes in.
  var goal: Int

  // MARK: State

  struct State: Equatable {
    var count = 0
  }

  func makeInitialState() -> State {
    State()
  }

  // MARK: Output

  enum Output: Equatable {
    case reachedGoal
  }

  // MARK: Actions

  enum Action: WorkflowAction, Equatable {
    typealias WorkflowType = TallyWorkflow

    case tap
    case reset

    func apply(
      toState state: inout State, context: ApplyContext<TallyWorkflow>
    ) -> Output? {
      switch self {
      case .tap:
        state.count += 1
        let goal = context[workflowValue: \.goal]
        return state.count == goal ? .reachedGoal : nil
      case .reset:
        state.count = 0
        return nil
      }
    }
  }

  // MARK: Rendering

  struct Screen {
    var title: String
    var actions: Sink<Action>
  }

  func render(
    state: State, context: RenderContext<TallyWorkflow>
  ) -> Screen {
    Screen(
      title: "\(state.count) of \(goal)",
      actions: context.makeSink(of: Action.self))
  }
}

/// Runs a tally in a host: prints each rendering's title, and the goal
/// when it is reached, and sends one action per command ("reset"
/// resets, anything else taps).
@MainActor
func runTally(
  goal: Int, commands: some Sequence<String>,
  print: @escaping (String) -> Void
) {
  let host = WorkflowHost(workflow: TallyWorkflow(goal: goal))
  let renderings = host.rendering.producer.startWithValues { screen in
    print(screen.title)
  }
  let outputs = host.output.observeValues { _ in print("Goal reached!") }
  for command in commands {
    host.rendering.value.actions.send(command == "reset" ? .reset : .tap)
  }
  renderings.dispose()
  outputs?.dispose()
}
