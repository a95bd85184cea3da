// SPDX-License-Identifier: Apache-2.0

import Workflow

/// What going back in a host's history costs: undoing a change to a large state (U1), and
/// rewinding a tree of many snapshottable nodes (U2).
@MainActor
enum HistoryBenchmarks {
  static var scenarios: [Scenario] { [undoLargeState, rewindTree] }

  private static let itemCount = 10_000
  private static let undos = 100
  private static let keys = RuntimeBenchmarks.keys
  private static let rewinds = 100

  /// U1: a one-node host whose state is a list of 10,000 todo-like records: one record toggled,
  /// then the toggle undone.
  private static let undoLargeState = Scenario(
    id: "U1",
    title: "one workflow, state of 10,000 todo-like records; toggle one, then undo; per pair",
    kind: .time(operations: undos) {
      let host = WorkflowHost(
        workflow: SavedChecklistWorkflow(count: itemCount),
        configuration: RuntimeConfiguration(historyLimit: 100))
      var undone = 0
      return Scenario.Trial(
        run: {
          for index in 0..<undos {
            host.rendering.value.toggle.send(.toggle(index))
            if host.undo() { undone += 1 }
          }
        },
        check: {
          undone == undos && host.rendering.value.doneCount == 0 && host.history.count == 1
        })
    })

  /// U2: R2's tree (1,001 nodes, 1,000 of them snapshottable counters) rewound to its first
  /// step, again and again.
  private static let rewindTree = Scenario(
    id: "U2",
    title: "rewind R2's tree (1,001 nodes, 1,000 with state) to its first step; per rewind",
    kind: .time(operations: rewinds) {
      let host = WorkflowHost(
        workflow: FanOutWorkflow(keys: keys),
        configuration: RuntimeConfiguration(historyLimit: 100))
      host.rendering.value[7].increment.send(.increment)
      host.rendering.value[7].increment.send(.increment)
      var rewound = 0
      return Scenario.Trial(
        run: {
          for _ in 0..<rewinds where host.rewind(toStep: 1) { rewound += 1 }
        },
        check: {
          rewound == rewinds && host.rendering.value[7].value == 1 && host.history.count == 2
        })
    })
}

/// U1's workflow: T2's list of records, saved in snapshots.
struct SavedChecklistWorkflow: SnapshottableWorkflow {
  let count: Int

  struct Item: Codable, Equatable {
    var id: Int
    var title: String
    var isDone = false
  }

  struct State: Codable, Equatable {
    var items: [Item]
    var nextID: Int
  }

  struct Rendering {
    let doneCount: Int
    let toggle: Sink<Toggle>
  }

  enum Toggle: WorkflowAction {
    typealias WorkflowType = SavedChecklistWorkflow
    case toggle(Int)

    func apply(
      toState state: inout State, context: ApplyContext<SavedChecklistWorkflow>
    ) -> Never? {
      guard case .toggle(let index) = self else { return nil }
      state.items[index % state.items.count].isDone.toggle()
      return nil
    }
  }

  func makeInitialState() -> State {
    State(
      items: (0..<count).map { Item(id: $0 + 1, title: "todo number \($0 + 1)") },
      nextID: count + 1)
  }

  func render(state: State, context: RenderContext<SavedChecklistWorkflow>) -> Rendering {
    Rendering(
      doneCount: state.items.reduce(0) { $0 + ($1.isDone ? 1 : 0) },
      toggle: context.makeSink(of: Toggle.self))
  }
}
