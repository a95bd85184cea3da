// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// What observing a host costs: tracing (T1, T2), a history (H1), snapshots (P1, P2).
@MainActor
enum ObservationBenchmarks {
  static var scenarios: [Scenario] { [traced, tracedList, withHistory, snapshot, restore] }

  private static let keys = RuntimeBenchmarks.keys
  private static let childActions = RuntimeBenchmarks.childActions
  private static let childCount = RuntimeBenchmarks.childCount
  private static let toggles = RuntimeBenchmarks.toggles
  private static let listLength = 1_000
  private static let listActions = 20

  /// T1: R2 with a ``WorkflowTracer`` attached: what tracing every pass costs.
  private static let traced = Scenario(
    id: "T1", title: "R2 with a WorkflowTracer attached (1,001 nodes traced per pass); per action",
    kind: .time(operations: childActions) {
      let tracer = WorkflowTracer(capacity: 10)
      let host = WorkflowHost(workflow: FanOutWorkflow(keys: keys), observers: [tracer])
      return Scenario.Trial(
        run: {
          for index in 0..<childActions {
            host.rendering.value[index % childCount].increment.send(.increment)
          }
        },
        check: { tracer.totals.passes == childActions + 1 })
    })

  /// T2: one node whose state is a long list, like the todo sample's at 1,000 todos, traced.
  ///
  /// Each action changes one field of one record; the tracer's passes are never read, as in an
  /// app whose `:trace` nobody types.
  private static let tracedList = Scenario(
    id: "T2",
    title: "one workflow, state of 1,000 todo-like records, traced; 20 toggles of one; per action",
    kind: .time(operations: listActions) {
      let tracer = WorkflowTracer(capacity: 50)
      let host = WorkflowHost(workflow: ChecklistWorkflow(count: listLength), observers: [tracer])
      return Scenario.Trial(
        run: {
          for index in 0..<listActions { host.rendering.value.toggle.send(.toggle(index)) }
        },
        check: {
          tracer.totals.passes == listActions + 1 && host.rendering.value.doneCount == listActions
        })
    })

  /// H1: R1 with a history: a snapshot of the (one-node) tree per action.
  private static let withHistory = Scenario(
    id: "H1", title: "R1 with a history of 100 steps (one captured per action); per action",
    kind: .time(operations: childActions * 10) {
      let host = WorkflowHost(
        workflow: CounterWorkflow(), configuration: RuntimeConfiguration(historyLimit: 100))
      return Scenario.Trial(
        run: {
          for _ in 0..<childActions * 10 { host.rendering.value.increment.send(.increment) }
        },
        check: { host.rendering.value.value == childActions * 10 && host.history.count == 100 })
    })

  /// P1: a snapshot of R2's tree, every node snapshottable.
  private static let snapshot = Scenario(
    id: "P1", title: "snapshot of R2's tree (1,001 nodes, 1,000 with state); per snapshot",
    kind: .time(operations: toggles) {
      let host = WorkflowHost(workflow: FanOutWorkflow(keys: keys))
      var taken: [WorkflowSnapshot] = []
      return Scenario.Trial(
        run: { for _ in 0..<toggles { taken.append(snapshot(of: host)) } },
        check: { taken.count == toggles && taken[0].root.children.count == childCount })
    })

  /// P2: a host for R2's tree restored from P1's snapshot.
  private static let restore = Scenario(
    id: "P2", title: "create a host for R2's tree restoring all 1,000 states; per host",
    kind: .time(operations: toggles) {
      let source = WorkflowHost(workflow: FanOutWorkflow(keys: keys))
      source.rendering.value[7].increment.send(.increment)
      let saved = snapshot(of: source)
      var built: [WorkflowHost<FanOutWorkflow>] = []
      built.reserveCapacity(toggles)
      return Scenario.Trial(
        run: {
          for _ in 0..<toggles {
            built.append(WorkflowHost(workflow: FanOutWorkflow(keys: keys), restoringFrom: saved))
          }
        },
        check: { built.allSatisfy { $0.rendering.value[7].value == 1 } })
    })

  /// The host's snapshot; the counters' states always encode, so a failure is a bug.
  private static func snapshot(of host: WorkflowHost<FanOutWorkflow>) -> WorkflowSnapshot {
    do {
      return try host.snapshot()
    } catch {
      fail("P1/P2: the snapshot of R2's tree failed: \(error)")
    }
  }
}

/// T2's workflow: a list of records, one toggled per action.
struct ChecklistWorkflow: Workflow {
  let count: Int

  struct Item: Equatable {
    var id: Int
    var title: String
    var isDone = false
  }

  struct State: Equatable {
    var items: [Item]
    var nextID: Int
  }

  struct Rendering {
    let doneCount: Int
    let toggle: Sink<Toggle>
  }

  enum Toggle: WorkflowAction {
    typealias WorkflowType = ChecklistWorkflow
    case toggle(Int)

    func apply(toState state: inout State, context: ApplyContext<ChecklistWorkflow>) -> Never? {
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

  func render(state: State, context: RenderContext<ChecklistWorkflow>) -> Rendering {
    Rendering(
      doneCount: state.items.reduce(0) { $0 + ($1.isDone ? 1 : 0) },
      toggle: context.makeSink(of: Toggle.self))
  }
}
