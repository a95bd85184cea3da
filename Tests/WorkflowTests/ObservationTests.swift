// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import Workflow
import WorkflowReactive

/// Records every observer hook as a line of text, naming nodes by their sessions' paths.
final class TraceObserver: WorkflowObserver {
  var lines: [String] = []

  func sessionDidBegin(rootWorkflowType: any Workflow.Type) {
    lines.append("begin \(rootWorkflowType)")
  }

  func sessionDidEnd() { lines.append("end") }

  func workflowDidMakeInitialState<W: Workflow>(
    _ workflow: W, initialState: W.State, session: WorkflowSession
  ) {
    lines.append("initial \(session.path) \(initialState)")
  }

  func workflowDidChange<W: Workflow>(
    from oldWorkflow: W, to newWorkflow: W, state: W.State, session: WorkflowSession
  ) {
    lines.append("changed \(session.path)")
  }

  func workflowWillRender<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) -> ((W.Rendering) -> Void)? {
    lines.append("will render \(session.path) \(state)")
    return { [self] _ in lines.append("did render \(session.path)") }
  }

  func workflowDidReceiveAction<A: WorkflowAction>(
    _ action: A, workflow: A.WorkflowType, session: WorkflowSession
  ) {
    lines.append("received \(action) at \(session.path)")
  }

  func workflowWillApplyAction<A: WorkflowAction>(
    _ action: A, workflow: A.WorkflowType, state: A.WorkflowType.State,
    session: WorkflowSession
  ) -> ((A.WorkflowType.State, A.WorkflowType.Output?) -> Void)? {
    { [self] stateAfter, output in
      lines.append(
        "applied \(action) at \(session.path): \(state) -> \(stateAfter), output \(String(describing: output))"
      )
    }
  }

  func renderPassWillBegin(cause: RenderCause) { lines.append("pass begins \(cause)") }

  func renderPassDidEnd(cause: RenderCause) { lines.append("pass ends \(cause)") }

  func workflowDidReuseRendering<W: Workflow>(_ workflow: W, session: WorkflowSession) {
    lines.append("reused \(session.path)")
  }

  func workflowDidEmitOutput<W: Workflow>(
    _ output: W.Output, of workflow: W, session: WorkflowSession
  ) {
    lines.append("output \(output) from \(session.path)")
  }

  func stepDidFinish(cause: RenderCause, rendered: Bool) {
    lines.append("step finished \(cause)\(rendered ? "" : " without render")")
  }
}

@MainActor
@Suite struct ObservationTests {
  @Test func hooksAreCalledInOrder() {
    let observer = TraceObserver()
    var host: WorkflowHost<CounterList>? = WorkflowHost(
      workflow: CounterList(keys: ["a", "b"]), observers: [observer])
    host!.rendering.value["a"]!.sink.send(.increment)
    host!.rendering.value["b"]!.sink.send(.report)
    host!.update(workflow: CounterList(keys: ["a", "b"], step: 2))
    host = nil
    #expect(
      observer.lines == [
        "begin CounterList",
        "initial CounterList ()",
        "pass begins initial",
        "will render CounterList ()",
        "initial CounterList/Counter[a] 0",
        "will render CounterList/Counter[a] 0",
        "did render CounterList/Counter[a]",
        "initial CounterList/Counter[b] 0",
        "will render CounterList/Counter[b] 0",
        "did render CounterList/Counter[b]",
        "did render CounterList",
        "pass ends initial",
        "received increment at CounterList/Counter[a]",
        "applied increment at CounterList/Counter[a]: 0 -> 1, output nil",
        "pass begins action at CounterList/Counter[a]",
        "will render CounterList ()",
        "will render CounterList/Counter[a] 1",
        "did render CounterList/Counter[a]",
        "reused CounterList/Counter[b]",
        "did render CounterList",
        "pass ends action at CounterList/Counter[a]",
        "step finished action at CounterList/Counter[a]",
        "received report at CounterList/Counter[b]",
        "applied report at CounterList/Counter[b]: 0 -> 0, output Optional(WorkflowTests.Counter.Output.reported(0))",
        "output reported(0) from CounterList/Counter[b]",
        #"applied ChildOutput(key: "b", output: WorkflowTests.Counter.Output.reported(0)) at CounterList: () -> (), output Optional(WorkflowTests.CounterList.Output.child("b", WorkflowTests.Counter.Output.reported(0)))"#,
        #"output child("b", WorkflowTests.Counter.Output.reported(0)) from CounterList"#,
        "step finished action at CounterList/Counter[b] without render",
        "changed CounterList",
        "pass begins workflow update",
        "will render CounterList ()",
        "changed CounterList/Counter[a]",
        "will render CounterList/Counter[a] 1",
        "did render CounterList/Counter[a]",
        "changed CounterList/Counter[b]",
        "will render CounterList/Counter[b] 0",
        "did render CounterList/Counter[b]",
        "did render CounterList",
        "pass ends workflow update",
        "step finished workflow update",
        "end",
      ])
  }

  @Test func debugTreeDescribesTheLiveTree() throws {
    let host = WorkflowHost(workflow: CounterList(keys: ["a", "b"]))
    host.rendering.value["b"]!.sink.send(.set(7))
    let tree = host.debugTree()
    #expect(
      tree.description == """
        CounterList state=()
          Counter[a] state=0
          Counter[b] state=7
        """)
    let data = try JSONEncoder().encode(tree)
    #expect(try JSONDecoder().decode(WorkflowDebugTree.self, from: data) == tree)
    let json = try #require(String(data: data, encoding: .utf8))
    #expect(json.contains(#""typeName":"Counter""#))
    #expect(json.contains(#""state":"7""#))
  }

  @Test func workersAppearInTheDebugTree() {
    let host = WorkflowHost(
      workflow: Scripted { _, context in
        SignalProducer<Int, Never>.never.running(in: context, key: "w", outputMap: ignore)
      })
    #expect(host.debugTree().children.first?.state == "run 0")
    #expect(host.debugTree().children.first?.key == "w")
  }
}
