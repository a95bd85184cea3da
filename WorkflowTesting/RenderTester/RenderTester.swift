// SPDX-License-Identifier: Apache-2.0

import Workflow

/// Renders a workflow once, against a fake context, and checks what the render asked for.
///
/// A tester is an immutable builder: each `expect…` method returns a new tester with one more
/// expected child, worker or side effect, and ``render(fileID:filePath:line:column:_:)`` runs the
/// render and returns a ``RenderTesterResult`` to check state, actions and output.
///
/// ```swift
/// LoginWorkflow()
///   .renderTester(initialState: .init(name: ""))
///   .expectWorkflow(type: ValidatorWorkflow.self, producingRendering: .valid)
///   .render { screen in screen.onNameChanged("Ada") }
///   .assert(state: .init(name: "Ada"))
/// ```
///
/// Children are not rendered: each expected child returns the rendering given to its
/// expectation, and an output given to it goes through the parent's output mapping (an
/// `onOutput` closure included) to the tester's state. Workers and side effects are not started.
/// Anything the render asks for without an expectation, an expectation the render does not meet,
/// a duplicate key, or an action sent during render is recorded as a test failure. By default the workflow is rendered twice with
/// the same state, and a render that asks for different things the second time is a failure too.
public struct RenderTester<WorkflowType: Workflow> {
  let workflow: WorkflowType
  let initialState: WorkflowType.State
  let expectations: [RenderExpectation<WorkflowType>]
  let checksIdempotency: Bool

  init(
    workflow: WorkflowType,
    initialState: WorkflowType.State,
    expectations: [RenderExpectation<WorkflowType>] = [],
    checksIdempotency: Bool = true
  ) {
    self.workflow = workflow
    self.initialState = initialState
    self.expectations = expectations
    self.checksIdempotency = checksIdempotency
  }

  func adding(_ expectation: RenderExpectation<WorkflowType>) -> RenderTester {
    RenderTester(
      workflow: workflow, initialState: initialState, expectations: expectations + [expectation],
      checksIdempotency: checksIdempotency)
  }

  /// Returns a tester that renders once (`false`) or twice to check that the render is
  /// repeatable (`true`, the default).
  ///
  /// Turn the check off for a workflow whose render deliberately depends on something other
  /// than its props and state.
  public func checkingRenderIdempotency(_ isEnabled: Bool) -> RenderTester {
    RenderTester(
      workflow: workflow, initialState: initialState, expectations: expectations,
      checksIdempotency: isEnabled)
  }
}

extension Workflow {
  /// Makes a render tester for this workflow in `initialState`.
  public func renderTester(initialState: State) -> RenderTester<Self> {
    RenderTester(workflow: self, initialState: initialState)
  }

  /// Makes a render tester for this workflow in the state `makeInitialState()`
  /// returns.
  public func renderTester() -> RenderTester<Self> {
    RenderTester(workflow: self, initialState: makeInitialState())
  }
}
