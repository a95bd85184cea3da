// SPDX-License-Identifier: Apache-2.0

import Foundation
import Todo
import Workflow

/// What snapshots cost as the state grows: restoring many keyed children in any order (P3), and
/// a large state's snapshot read from and written to JSON (P4, P5).
@MainActor
enum SnapshotBenchmarks {
  static var scenarios: [Scenario] { [restoreReversed, readTodos, writeTodos] }

  private static let childCount = 10_000
  private static let todoCount = 10_000
  private static let files = 20

  /// P3: a host whose root renders 10,000 keyed children in the reverse of the order they were
  /// saved in: each child finds its entry among those not yet taken.
  private static let restoreReversed = Scenario(
    id: "P3",
    title: "create a host restoring 10,000 keyed children rendered in reverse order; per child",
    kind: .time(operations: childCount) {
      let keys = (0..<childCount).map(String.init)
      let source = WorkflowHost(workflow: FanOutWorkflow(keys: keys))
      source.rendering.value[7].increment.send(.increment)
      let saved: WorkflowSnapshot
      do {
        saved = try source.snapshot()
      } catch {
        fail("P3: the snapshot of \(childCount) counters failed: \(error)")
      }
      let reversed = FanOutWorkflow(keys: keys.reversed())
      var built: WorkflowHost<FanOutWorkflow>?
      return Scenario.Trial(
        run: { built = WorkflowHost(workflow: reversed, restoringFrom: saved) },
        check: { built?.rendering.value[childCount - 1 - 7].value == 1 })
    })

  /// The snapshot the todo app saves for a list of `count` todos, as its file holds it.
  private static func todoFile(count: Int) -> (snapshot: WorkflowSnapshot, file: Data) {
    var state = TodoWorkflow.State()
    state.todos = (1...count).map { Todo(id: $0, title: "todo number \($0)", isDone: $0 % 3 == 0) }
    state.nextID = count + 1
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      let snapshot = WorkflowSnapshot(
        root: .init(
          workflowType: String(reflecting: TodoWorkflow.self), key: "",
          state: try encoder.encode(state), children: []))
      return (snapshot, try snapshot.jsonData())
    } catch {
      fail("P4/P5: the todo snapshot did not encode: \(error)")
    }
  }

  /// P4: `WorkflowSnapshot(jsonData:)` of the todo app's file at 10,000 todos.
  private static let readTodos = Scenario(
    id: "P4", title: "read a 10,000-todo snapshot from its JSON file (460 KB); per read",
    kind: .time(operations: files) {
      let (snapshot, file) = todoFile(count: todoCount)
      var read: [WorkflowSnapshot] = []
      read.reserveCapacity(files)
      return Scenario.Trial(
        run: {
          for _ in 0..<files {
            guard let snapshot = try? WorkflowSnapshot(jsonData: opaque(file)) else { return }
            read.append(snapshot)
          }
        },
        check: { read.count == files && read.allSatisfy { $0 == snapshot } })
    })

  /// P5: `jsonData()` of the same snapshot.
  private static let writeTodos = Scenario(
    id: "P5", title: "write a 10,000-todo snapshot as its JSON file (460 KB); per write",
    kind: .time(operations: files) {
      let (snapshot, file) = todoFile(count: todoCount)
      var written: [Data] = []
      written.reserveCapacity(files)
      return Scenario.Trial(
        run: {
          for _ in 0..<files {
            guard let data = try? opaque(snapshot).jsonData() else { return }
            written.append(data)
          }
        },
        check: { written.count == files && written.allSatisfy { $0 == file } })
    })
}
