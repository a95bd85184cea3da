// SPDX-License-Identifier: Apache-2.0

import Workflow

/// The state and outputs that a tester's actions led to, and the checks of both.
///
/// ``WorkflowActionTester`` and ``RenderTesterResult`` conform. Each check records a test failure
/// when it does not hold and returns the tester, so checks chain:
///
/// ```swift
/// CounterWorkflow.Action
///   .tester(withState: 0)
///   .send(action: .increment)
///   .assert(state: 1)
///   .assertNoOutput()
/// ```
public protocol WorkflowTestResult {
  /// The workflow whose state and outputs the result holds.
  associatedtype WorkflowType: Workflow

  /// The state after the actions.
  var state: WorkflowType.State { get }

  /// The outputs the actions produced, in order.
  var outputs: [WorkflowType.Output] { get }
}

extension WorkflowTestResult {
  private var workflowName: String { "\(WorkflowType.self)" }

  /// Checks that the state equals `expected`, reporting the differing fields otherwise.
  ///
  /// - Parameters:
  ///   - expected: The state the actions should have led to.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  /// - Returns: This result, to chain more checks.
  @discardableResult
  public func assert(
    state expected: WorkflowType.State,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self where WorkflowType.State: Equatable {
    TesterChecks.state(
      state, equals: expected, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return self
  }

  /// Passes the state to `assertions`, for checks that `==` cannot express.
  ///
  /// - Returns: This result, to chain more checks.
  @discardableResult
  public func verifyState(
    _ assertions: (WorkflowType.State) throws -> Void
  ) rethrows -> Self {
    try assertions(state)
    return self
  }

  /// Checks that the actions produced exactly one output, equal to `expected`.
  ///
  /// - Returns: This result, to chain more checks.
  @discardableResult
  public func assert(
    output expected: WorkflowType.Output,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self where WorkflowType.Output: Equatable {
    TesterChecks.output(
      of: outputs, equals: expected, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return self
  }

  /// Passes the only output to `assertions`; no output, or more than one, is a failure and
  /// `assertions` does not run.
  ///
  /// - Returns: This result, to chain more checks.
  @discardableResult
  public func verifyOutput(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ assertions: (WorkflowType.Output) throws -> Void
  ) rethrows -> Self {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let output = TesterChecks.onlyOutput(of: outputs, of: workflowName, at: site) {
      try assertions(output)
    }
    return self
  }

  /// Checks that the actions produced no output.
  ///
  /// - Returns: This result, to chain more checks.
  @discardableResult
  public func assertNoOutput(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    TesterChecks.noOutput(
      of: outputs, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return self
  }
}
