// SPDX-License-Identifier: Apache-2.0

import Workflow

extension WorkflowActionTester {
  /// Checks that the state equals `expected`, reporting the differing fields otherwise.
  ///
  /// - Returns: This tester, to chain more steps.
  @discardableResult
  public func assert(
    state expected: WorkflowType.State,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> WorkflowActionTester where WorkflowType.State: Equatable {
    if state != expected {
      FailureReporter.fail(
        "State of \(WorkflowType.self) differs from the expected state:\n"
          + StructuralDiff.describe(expected: expected, actual: state),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
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
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let output else {
      FailureReporter.fail(
        "Expected output \(StructuralDiff.show(expected)) of \(WorkflowType.self), got no output",
        at: site)
      return self
    }
    if output != expected {
      FailureReporter.fail(
        "Output of \(WorkflowType.self) differs from the expected output:\n"
          + StructuralDiff.describe(expected: expected, actual: output), at: site)
    }
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
    guard let output else {
      FailureReporter.fail(
        "Expected an output of \(WorkflowType.self), got no output",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
      return self
    }
    try assertions(output)
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
    if let output {
      FailureReporter.fail(
        "Expected no output of \(WorkflowType.self), got \(StructuralDiff.show(output))",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return self
  }
}
