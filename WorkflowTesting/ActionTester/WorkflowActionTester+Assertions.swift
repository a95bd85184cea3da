// SPDX-License-Identifier: Apache-2.0

import Workflow

extension WorkflowActionTester {
  /// The last action's output as a list of zero or one, the shape the shared checks take.
  private var outputs: [WorkflowType.Output] {
    output.map { [$0] } ?? []
  }

  private var workflowName: String { "\(WorkflowType.self)" }

  /// Checks that the state equals `expected`, reporting the differing fields otherwise.
  ///
  /// - Returns: This tester, to chain more steps.
  @discardableResult
  public func assert(
    state expected: WorkflowType.State,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> WorkflowActionTester where WorkflowType.State: Equatable {
    TesterChecks.state(
      state, equals: expected, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return self
  }

  /// Passes the state to `assertions`, for checks that `==` cannot express.
  ///
  /// - Returns: This tester, to chain more steps.
  @discardableResult
  public func verifyState(
    _ assertions: (WorkflowType.State) throws -> Void
  ) rethrows -> WorkflowActionTester {
    try assertions(state)
    return self
  }

  /// Checks that the last action produced `expected` as its output.
  ///
  /// - Returns: This tester, to chain more steps.
  @discardableResult
  public func assert(
    output expected: WorkflowType.Output,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> WorkflowActionTester where WorkflowType.Output: Equatable {
    TesterChecks.output(
      of: outputs, equals: expected, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return self
  }

  /// Passes the last action's output to `assertions`; a missing output is a failure.
  ///
  /// - Returns: This tester, to chain more steps.
  @discardableResult
  public func verifyOutput(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ assertions: (WorkflowType.Output) throws -> Void
  ) rethrows -> WorkflowActionTester {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let output = TesterChecks.onlyOutput(of: outputs, of: workflowName, at: site) {
      try assertions(output)
    }
    return self
  }

  /// Checks that the last action produced no output.
  ///
  /// - Returns: This tester, to chain more steps.
  @discardableResult
  public func assertNoOutput(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> WorkflowActionTester {
    TesterChecks.noOutput(
      of: outputs, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return self
  }
}
