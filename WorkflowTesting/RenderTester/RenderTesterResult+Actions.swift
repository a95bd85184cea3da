// SPDX-License-Identifier: Apache-2.0

import Workflow

extension RenderTesterResult {
  /// Checks that no action was applied.
  @discardableResult
  public func assertNoAction(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult {
    TesterChecks.noAction(
      of: actions, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return self
  }

  /// Passes the render's only action, an `Action`, to `assertions`.
  ///
  /// No action, more than one, or one of another type is a failure, and `assertions` does not
  /// run. For a render that leads to several actions, use ``verifyActions(_:)``.
  ///
  /// ```swift
  /// result.verifyAction(type: SearchWorkflow.Action.self) { action in
  ///   #expect(action == .search("swift"))
  /// }
  /// ```
  @discardableResult
  public func verifyAction<Action: WorkflowAction>(
    type: Action.Type = Action.self,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assertions: (Action) throws -> Void
  ) rethrows -> RenderTesterResult where Action.WorkflowType == WorkflowType {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let action = TesterChecks.onlyAction(of: actions, as: type, of: workflowName, at: site) {
      try assertions(action)
    }
    return self
  }

  /// Checks that the render led to exactly one action, equal to `expected`.
  @discardableResult
  public func assert<Action: WorkflowAction & Equatable>(
    action expected: Action,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult where Action.WorkflowType == WorkflowType {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard
      let action = TesterChecks.onlyAction(
        of: actions, as: Action.self, of: workflowName, at: site),
      action != expected
    else { return self }
    FailureReporter.fail(
      "Action of \(workflowName) differs from the expected action:\n"
        + StructuralDiff.describe(expected: expected, actual: action), at: site)
    return self
  }

  /// Checks that exactly `expected` were applied, in order.
  ///
  /// Every applied action must be an `Action`; an action of another type is a mismatch.
  @discardableResult
  public func assert<Action: WorkflowAction & Equatable>(
    actions expected: [Action],
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult where Action.WorkflowType == WorkflowType {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let typed = actions.compactMap { $0 as? Action }
    if typed.count != actions.count {
      let others = actions.filter { !($0 is Action) }.map { "\(type(of: $0))" }
      FailureReporter.fail(
        "Expected only \(Action.self) actions in \(workflowName), also got: "
          + others.joined(separator: ", "), at: site)
    } else if typed != expected {
      FailureReporter.fail(
        "Actions of \(workflowName) differ from the expected actions:\n"
          + StructuralDiff.describe(expected: expected, actual: typed), at: site)
    }
    return self
  }

  /// Passes every applied action, in order, to `assertions`.
  @discardableResult
  public func verifyActions(
    _ assertions: ([any WorkflowAction<WorkflowType>]) throws -> Void
  ) rethrows -> RenderTesterResult {
    try assertions(actions)
    return self
  }
}
