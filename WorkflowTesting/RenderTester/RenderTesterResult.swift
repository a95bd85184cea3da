// SPDX-License-Identifier: Apache-2.0

import Workflow

/// What one ``RenderTester`` render led to: the state after every action, the actions and the
/// outputs.
///
/// Each check records a test failure when it does not hold and returns the result, so checks
/// chain:
///
/// ```swift
/// tester.render { $0.onSave() }
///   .assert(state: .saving)
///   .assert(output: .saved)
/// ```
public struct RenderTesterResult<WorkflowType: Workflow> {
  let workflowName: String

  /// The state the workflow rendered with.
  public let initialState: WorkflowType.State

  /// The state after every action of the render was applied.
  public let state: WorkflowType.State

  /// Every action applied after the render, in order: outputs of expected children (as the
  /// parent's actions), actions of expected side effects, then what the rendering's sinks sent.
  /// A value sent through an output sink appears as an `AnyWorkflowAction` that reports it.
  public let actions: [any WorkflowAction<WorkflowType>]

  /// The outputs the actions produced, in order.
  public let outputs: [WorkflowType.Output]

  init(
    workflowName: String, initialState: WorkflowType.State, state: WorkflowType.State,
    actions: [any WorkflowAction<WorkflowType>], outputs: [WorkflowType.Output]
  ) {
    self.workflowName = workflowName
    self.initialState = initialState
    self.state = state
    self.actions = actions
    self.outputs = outputs
  }
}
