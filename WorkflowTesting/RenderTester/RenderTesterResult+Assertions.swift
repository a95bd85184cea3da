// SPDX-License-Identifier: Apache-2.0

import Workflow

extension RenderTesterResult {
  /// Checks that the final state equals `expected`, reporting the differing fields otherwise.
  @discardableResult
  public func assert(
    state expected: WorkflowType.State,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult where WorkflowType.State: Equatable {
    if state != expected {
      FailureReporter.fail(
        "State of \(workflowName) differs from the expected state:\n"
          + StructuralDiff.describe(expected: expected, actual: state),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return self
  }

  /// Passes the final state to `assertions`, for checks that `==` cannot express.
  @discardableResult
  public func verifyState(
    _ assertions: (WorkflowType.State) throws -> Void
  ) rethrows -> RenderTesterResult {
    try assertions(state)
    return self
  }

  /// Checks the final state against the initial state changed by `modifications`.
  ///
  /// ```swift
  /// result.assertStateModifications { state in state.count += 1 }
  /// ```
  @discardableResult
  public func assertStateModifications(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ modifications: (inout WorkflowType.State) throws -> Void
  ) rethrows -> RenderTesterResult where WorkflowType.State: Equatable {
    var expected = initialState
    try modifications(&expected)
    return assert(state: expected, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Checks that no action was applied.
  @discardableResult
  public func assertNoAction(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult {
    if !actions.isEmpty {
      FailureReporter.fail(
        "Expected no action in \(workflowName), got \(actions.count): "
          + actions.map { StructuralDiff.show($0) }.joined(separator: ", "),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
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

  /// Checks that the render led to exactly one output, equal to `expected`.
  @discardableResult
  public func assert(
    output expected: WorkflowType.Output,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult where WorkflowType.Output: Equatable {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if outputs.isEmpty {
      FailureReporter.fail(
        "Expected output \(StructuralDiff.show(expected)) of \(workflowName), got no output",
        at: site)
    } else if outputs.count > 1 {
      FailureReporter.fail(
        "Expected one output of \(workflowName), got \(outputs.count): "
          + outputs.map { StructuralDiff.show($0) }.joined(separator: ", "), at: site)
    } else if outputs[0] != expected {
      FailureReporter.fail(
        "Output of \(workflowName) differs from the expected output:\n"
          + StructuralDiff.describe(expected: expected, actual: outputs[0]), at: site)
    }
    return self
  }

  /// Checks that the render led to no output.
  @discardableResult
  public func assertNoOutput(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult {
    if !outputs.isEmpty {
      FailureReporter.fail(
        "Expected no output of \(workflowName), got "
          + outputs.map { StructuralDiff.show($0) }.joined(separator: ", "),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return self
  }
}
