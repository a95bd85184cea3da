// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// Collects what its workers report; the workers are declared in a file compiled after this one.
private struct Collecting: Workflow {
  func makeInitialState() -> [String] { [] }

  func render(state: [String], context: RenderContext<Collecting>) -> [String] {
    GreetingWorker(name: "ada").running(in: context) { Self.collect($0) }
    LetterWorker().running(in: context) { Self.collect(String($0)) }
    SquaresWorker(count: 3).running(in: context, key: "squares") { Self.collect("\($0)") }
    return state
  }

  static func collect(_ value: String) -> AnyWorkflowAction<Collecting> {
    AnyWorkflowAction { state in
      state.append(value)
      return nil
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ChildWorkerTests {
  @Test func workersWithoutAnOutputTypealiasRunAsChildren() async {
    let host = WorkflowHost(workflow: Collecting())
    await waitUntil { host.rendering.value.count == 6 }
    let reports = host.rendering.value
    #expect(reports.filter { ["1", "4", "9"].contains($0) } == ["1", "4", "9"])
    #expect(reports.filter { ["a", "b"].contains($0) } == ["a", "b"])
    #expect(reports.contains("hello ada"))
  }
}
