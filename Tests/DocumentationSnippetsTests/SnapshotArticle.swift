// SPDX-License-Identifier: Apache-2.0

// The code of the "Snapshots, tracing and time travel" article
// (Workflow.docc/SnapshotsTracingAndTimeTravel.md). The article quotes this file; change both
// together.

import Foundation
import Workflow

/// A shopping list whose items survive a restart.
struct ShoppingListWorkflow: SnapshottableWorkflow {
  struct State: Codable, Equatable {
    var items: [String] = []
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = ShoppingListWorkflow

    case add(String)
    case clear

    func apply(toState state: inout State, context: ApplyContext<ShoppingListWorkflow>) -> Never? {
      switch self {
      case .add(let item): state.items.append(item)
      case .clear: state.items.removeAll()
      }
      return nil
    }
  }

  struct Screen {
    var items: [String]
    var actions: Sink<Action>
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<ShoppingListWorkflow>) -> Screen {
    Screen(items: state.items, actions: context.makeSink(of: Action.self))
  }
}

/// Saves the list to `file`, then starts a second host from that file.
@MainActor
func saveAndRestore(file: URL) throws -> [String] {
  let host = WorkflowHost(workflow: ShoppingListWorkflow())
  host.rendering.value.actions.send(.add("bread"))
  try host.snapshot().jsonData().write(to: file, options: .atomic)

  let saved = try WorkflowSnapshot(jsonData: Data(contentsOf: file))
  let restored = WorkflowHost(
    workflow: ShoppingListWorkflow(), restoringFrom: saved)
  return restored.rendering.value.items  // ["bread"]
}

/// Prints why a snapshot entry could not be used.
final class RestoreReporter: WorkflowObserver {
  func snapshotEntryWasSkipped(
    _ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath
  ) {
    print("\(path) starts fresh: \(reason)")
  }
}

/// Adds two items, then undoes the second.
@MainActor
func undoTheLastItem() -> [String] {
  let host = WorkflowHost(
    workflow: ShoppingListWorkflow(),
    configuration: RuntimeConfiguration(historyLimit: 50))
  host.rendering.value.actions.send(.add("bread"))
  host.rendering.value.actions.send(.add("milk"))
  for step in host.history {
    // 0 initial, 1 add("bread") at ShoppingListWorkflow, ...
    print(step.number, step.cause)
  }
  host.undo()
  return host.rendering.value.items  // ["bread"]
}

/// Traces a session and prints the last passes.
@MainActor
func traceASession() -> WorkflowTracer.Totals {
  let tracer = WorkflowTracer(capacity: 20)
  let host = WorkflowHost(workflow: ShoppingListWorkflow(), observers: [tracer])
  host.rendering.value.actions.send(.add("eggs"))
  for pass in tracer.passes { print(pass) }
  return tracer.totals  // passes: 2, freshRenders: 2, reusedRenders: 0
}

/// Saves the list to `file` after every change; returns what it saved last and the history.
@MainActor
func autosave(to file: URL) -> (lastSaved: WorkflowSnapshot?, steps: [WorkflowHistoryStep]) {
  let host = WorkflowHost(
    workflow: ShoppingListWorkflow(),
    configuration: RuntimeConfiguration(historyLimit: 50))
  var lastSaved = try? host.snapshot()
  let observation = host.rendering.signal.observeValues { _ in
    MainActor.assumeIsolated {
      // The history's capture of this rendering's tree, encoded once.
      guard let snapshot = try? host.snapshot(), snapshot != lastSaved
      else { return }
      try? snapshot.jsonData().write(to: file, options: .atomic)
      lastSaved = snapshot
    }
  }
  host.rendering.value.actions.send(.add("bread"))
  host.rendering.value.actions.send(.add("milk"))
  observation?.dispose()
  return (lastSaved, host.history)
}
