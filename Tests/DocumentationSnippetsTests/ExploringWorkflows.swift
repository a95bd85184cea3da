// SPDX-License-Identifier: Apache-2.0

// The workflow of the "Exploring workflows" article (WorkflowTesting.docc/
// ExploringWorkflows.md) and of the explorer's doc comments. The article quotes this file;
// change both together.

import Workflow
import WorkflowReactive

/// Books the seats of a small hall, with a bug: the check before a
/// booking lets one booking too many through.
struct SeatsWorkflow: Workflow {
  var capacity: Int

  struct State: Codable, Equatable {
    var booked = 0
  }

  enum Action: WorkflowAction, CaseIterable {
    typealias WorkflowType = SeatsWorkflow
    case book
    case cancel

    func apply(
      toState state: inout State, context: ApplyContext<SeatsWorkflow>
    ) -> Never? {
      switch self {
      case .book:
        // The bug: `<=` lets a booking through when the hall is full.
        if state.booked <= context[workflowValue: \.capacity] {
          state.booked += 1
        }
      case .cancel:
        if state.booked > 0 { state.booked -= 1 }
      }
      return nil
    }
  }

  struct Screen {
    var free: Int
    var actions: Sink<Action>
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> Screen {
    Screen(
      free: capacity - state.booked,
      actions: context.makeSink(of: Action.self))
  }
}

// Saved in snapshots: the explorer can check that they round-trip.
extension SeatsWorkflow: SnapshottableWorkflow {}

/// Holds seats for a while, then lets them go: work on a scheduler, which the explorer drives
/// with its own clock.
struct HoldWorkflow: Workflow {
  var scheduler: any DateScheduler

  struct State: Equatable {
    var held = 0
  }

  struct Screen {
    var held: Int
    var onHold: () -> Void
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> Screen {
    let sink = context.makeSink(of: AnyWorkflowAction<HoldWorkflow>.self)
    if state.held > 0 {
      SignalProducer.timer(interval: .seconds(5), on: scheduler)
        .take(first: 1)
        .running(in: context, key: "release") { _ in
          AnyWorkflowAction {
            $0.held = 0; return nil
          }
        }
    }
    return Screen(
      held: state.held,
      onHold: {
        sink.send(
          AnyWorkflowAction {
            $0.held += 1; return nil
          })
      })
  }
}
