// SPDX-License-Identifier: Apache-2.0

import Workflow

/// What reading a trace costs as a list grows: the structural difference of a state holding a
/// long list, worked out for every pass as `--trace` does (T3, T4).
@MainActor
enum TracingBenchmarks {
  static var scenarios: [Scenario] {
    [
      tracedAdds(count: 1_000, named: "1,000", id: "T3"),
      tracedAdds(count: 10_000, named: "10,000", id: "T4"),
    ]
  }

  private static let adds = 20

  /// One workflow whose state is a list of `count` todo-like records, traced, every pass read
  /// as it completes; each action appends a record.
  private static func tracedAdds(count: Int, named name: String, id: String) -> Scenario {
    Scenario(
      id: id,
      title: "state of \(name) todo-like records, every pass's changes read; "
        + "\(adds) adds; per action",
      kind: .time(operations: adds) {
        let tracer = WorkflowTracer(capacity: 10)
        var insertions = 0
        tracer.passDidComplete = { pass in
          for action in pass.actions {
            insertions += action.changes.filter { $0.before == "(none)" }.count
          }
        }
        let host = WorkflowHost(workflow: GrowingListWorkflow(count: count), observers: [tracer])
        return Scenario.Trial(
          run: { for _ in 0..<adds { host.rendering.value.add.send(.add) } },
          check: { insertions == adds && host.rendering.value.count == count + adds })
      })
  }
}

/// T3's and T4's workflow: a list of records, one appended per action.
struct GrowingListWorkflow: Workflow {
  let count: Int

  struct State: Equatable {
    var items: [ChecklistWorkflow.Item]
    var nextID: Int
  }

  struct Rendering {
    let count: Int
    let add: Sink<Add>
  }

  enum Add: WorkflowAction {
    typealias WorkflowType = GrowingListWorkflow
    case add

    func apply(toState state: inout State, context: ApplyContext<GrowingListWorkflow>) -> Never? {
      state.items.append(.init(id: state.nextID, title: "todo number \(state.nextID)"))
      state.nextID += 1
      return nil
    }
  }

  func makeInitialState() -> State {
    State(
      items: (0..<count).map { .init(id: $0 + 1, title: "todo number \($0 + 1)") },
      nextID: count + 1)
  }

  func render(state: State, context: RenderContext<GrowingListWorkflow>) -> Rendering {
    Rendering(count: state.items.count, add: context.makeSink(of: Add.self))
  }
}
