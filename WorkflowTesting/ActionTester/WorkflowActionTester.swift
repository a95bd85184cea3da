// SPDX-License-Identifier: Apache-2.0

import Workflow

/// Applies actions to a state without a runtime and checks the resulting state and output.
///
/// Immutable: ``send(action:fileID:filePath:line:column:)`` returns a new tester holding the new
/// state and the output of that action, so steps chain (the checks are those of
/// ``WorkflowTestResult``):
///
/// ```swift
/// CounterWorkflow.Action
///   .tester(withState: 0)
///   .send(action: .increment)
///   .assert(state: 1)
///   .assertNoOutput()
/// ```
public struct WorkflowActionTester<WorkflowType: Workflow, Action: WorkflowAction>
where Action.WorkflowType == WorkflowType {
  /// The state after the last action.
  public let state: WorkflowType.State

  /// The output of the last action, if it produced one.
  public let output: WorkflowType.Output?

  /// The output of the last action as a list of zero or one, for the checks of
  /// ``WorkflowTestResult``.
  public var outputs: [WorkflowType.Output] { output.map { [$0] } ?? [] }

  /// The workflow value that actions read through their `ApplyContext`.
  public let workflow: WorkflowType?

  init(state: WorkflowType.State, output: WorkflowType.Output?, workflow: WorkflowType?) {
    self.state = state
    self.output = output
    self.workflow = workflow
  }

  /// Applies `action` to the current state.
  ///
  /// An action that reads the workflow value when the tester has none records a failure; the
  /// returned tester then keeps the state from before the action.
  ///
  /// - Returns: A tester with the new state and the action's output.
  public func send(
    action: Action,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> WorkflowActionTester {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let workflow {
      var newState = state
      let output = action.apply(
        toState: &newState, context: ApplyContext(detachedReading: { workflow }))
      return WorkflowActionTester(state: newState, output: output, workflow: workflow)
    }
    switch DetachedApply.run(action, to: state) {
    case .finished(let newState, let output):
      return WorkflowActionTester(state: newState, output: output, workflow: nil)
    case .readMissingWorkflow:
      FailureReporter.fail(
        """
        \(Action.self) read the workflow value of \(WorkflowType.self) through its ApplyContext, \
        but the tester has none; pass it with tester(withState:workflow:)
        """, at: site)
      return WorkflowActionTester(state: state, output: nil, workflow: nil)
    }
  }
}

extension WorkflowActionTester: WorkflowTestResult {}

extension WorkflowAction {
  /// Makes a tester that applies actions of this type, starting from `state`.
  ///
  /// - Parameters:
  ///   - state: The state the first action sees.
  ///   - workflow: The workflow value actions read through their `ApplyContext`; reading it when
  ///     `nil` is a test failure.
  public static func tester(
    withState state: WorkflowType.State, workflow: WorkflowType? = nil
  ) -> WorkflowActionTester<WorkflowType, Self> {
    WorkflowActionTester(state: state, output: nil, workflow: workflow)
  }
}
