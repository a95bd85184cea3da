// SPDX-License-Identifier: Apache-2.0

import Workflow

extension RenderTester {
  /// Renders the workflow, lets `assertions` use the rendering, and returns what happened.
  ///
  /// After the render, outputs of expected children and actions of expected side effects are
  /// applied to the state, in the order the render asked for them. Then `assertions` runs: it
  /// may check the rendering and send through its sinks, and each action sent is applied at
  /// once. The result holds every action applied, in order, and the final state.
  ///
  /// - Parameters:
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  ///   - assertions: Checks the rendering and drives its sinks.
  /// - Returns: The result, to check the state, the actions and the outputs.
  @discardableResult
  public func render(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ assertions: (WorkflowType.Rendering) throws -> Void
  ) rethrows -> RenderTesterResult<WorkflowType> {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var firstRequests: [String]?
    if checksIdempotency {
      let probe = FakeRenderContext(expectations: expectations, site: site, isProbe: true)
      _ = workflow.render(state: initialState, context: RenderContext(fake: probe))
      probe.endRender()
      firstRequests = probe.requests
    }
    let fake = FakeRenderContext(expectations: expectations, site: site, isProbe: false)
    let rendering = workflow.render(state: initialState, context: RenderContext(fake: fake))
    if let firstRequests, firstRequests != fake.requests {
      FailureReporter.fail(
        """
        The render of \(WorkflowType.self) is not repeatable: rendered twice with the same state, \
        it asked for different things.
        First render:
        \(describe(firstRequests))
        Second render:
        \(describe(fake.requests))
        """, at: site)
    }
    let session = ApplySession(workflow: workflow, state: initialState)
    fake.onAction = { session.apply($0) }
    fake.endRender()
    try assertions(rendering)
    return RenderTesterResult(
      workflowName: "\(WorkflowType.self)", initialState: initialState, state: session.state,
      actions: session.actions, outputs: session.outputs)
  }

  /// Renders the workflow and returns what happened, without using the rendering.
  ///
  /// - Returns: The result, to check the state, the actions and the outputs.
  @discardableResult
  public func render(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult<WorkflowType> {
    render(fileID: fileID, filePath: filePath, line: line, column: column) { _ in }
  }

  private func describe(_ requests: [String]) -> String {
    requests.isEmpty ? "  (nothing)" : requests.map { "  \($0)" }.joined(separator: "\n")
  }
}

/// Applies the actions of one tester render to its state and keeps them with their outputs.
final class ApplySession<W: Workflow> {
  let workflow: W
  private(set) var state: W.State
  private(set) var actions: [any WorkflowAction<W>] = []
  private(set) var outputs: [W.Output] = []

  init(workflow: W, state: W.State) {
    self.workflow = workflow
    self.state = state
  }

  func apply(_ action: any WorkflowAction<W>) {
    actions.append(action)
    let workflow = self.workflow
    if let output = action.apply(
      toState: &state, context: ApplyContext(detachedReading: { workflow }))
    {
      outputs.append(output)
    }
  }
}
