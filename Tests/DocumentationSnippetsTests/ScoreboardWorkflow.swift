// SPDX-License-Identifier: Apache-2.0

// The composition examples of the "Composition patterns" article
// (Workflow.docc/CompositionPatterns.md). The article quotes this file; change both together.

import Workflow
import WorkflowReactive

/// Two tallies side by side, keyed "home" and "away"; the first to reach its goal wins.
struct ScoreboardWorkflow: Workflow {
  var goal: Int
  var scheduler: any DateScheduler

  // MARK: State

  struct State: Equatable {
    var winner: String?
    var elapsedSeconds = 0
  }

  func makeInitialState() -> State {
    State()
  }

  // MARK: Actions

  enum Action: WorkflowAction {
    typealias WorkflowType = ScoreboardWorkflow

    case tallyReachedGoal(team: String)
    case clockTicked(seconds: Int)

    func apply(
      toState state: inout State,
      context: ApplyContext<ScoreboardWorkflow>
    ) -> Never? {
      switch self {
      case .tallyReachedGoal(let team):
        if state.winner == nil { state.winner = team }
      case .clockTicked(let seconds):
        state.elapsedSeconds = seconds
      }
      return nil
    }
  }

  // MARK: Rendering

  struct Screen {
    var teams: [(name: String, tally: TallyWorkflow.Screen)]
    var status: String
  }

  func render(
    state: State, context: RenderContext<ScoreboardWorkflow>
  ) -> Screen {
    // Keyed children of one type: the key keeps each tally's state across
    // renders.
    let teams = ["home", "away"].map { team in
      let tally = TallyWorkflow(goal: goal)
        .rendered(in: context, key: team) { _ in
          Action.tallyReachedGoal(team: team)
        }
      return (name: team, tally: tally)
    }
    // A worker: the clock runs while the game is undecided and stops when a
    // team wins.
    if state.winner == nil {
      ClockWorker(scheduler: scheduler)
        .running(in: context, key: "clock") { Action.clockTicked(seconds: $0) }
    }
    let status = state.winner.map { "\($0) wins" } ?? "\(state.elapsedSeconds)s played"
    return Screen(teams: teams, status: status)
  }
}

/// Counts the seconds that pass on `scheduler`: 1, 2, 3...
struct ClockWorker: Worker {
  var scheduler: any DateScheduler

  func run() -> SignalProducer<Int, Never> {
    SignalProducer.timer(interval: .seconds(1), on: scheduler)
      .scan(0) { seconds, _ in seconds + 1 }
  }
}

/// Prints each rendering's title once, the first time it renders, with a
/// side effect.
struct AnnouncerWorkflow: Workflow {
  var title: String
  var announce: (String) -> Void

  typealias State = Void

  func render(
    state: Void, context: RenderContext<AnnouncerWorkflow>
  ) -> String {
    let (title, announce) = (title, announce)
    // Runs once per key, after the render pass; the lifetime ends when a
    // render stops asking.
    context.runSideEffect(key: title) { lifetime in
      announce("showing \(title)")
      lifetime.observeEnded { announce("hiding \(title)") }
    }
    return title
  }
}
