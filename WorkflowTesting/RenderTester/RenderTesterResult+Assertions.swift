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
    TesterChecks.state(
      state, equals: expected, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
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

  /// Checks that the render led to exactly one output, equal to `expected`.
  @discardableResult
  public func assert(
    output expected: WorkflowType.Output,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult where WorkflowType.Output: Equatable {
    TesterChecks.output(
      of: outputs, equals: expected, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return self
  }

  /// Passes the render's only output to `assertions`; no output, or more than one, is a failure
  /// and `assertions` does not run.
  @discardableResult
  public func verifyOutput(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ assertions: (WorkflowType.Output) throws -> Void
  ) rethrows -> RenderTesterResult {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let output = TesterChecks.onlyOutput(of: outputs, of: workflowName, at: site) {
      try assertions(output)
    }
    return self
  }

  /// Checks that the render led to no output.
  @discardableResult
  public func assertNoOutput(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTesterResult {
    TesterChecks.noOutput(
      of: outputs, of: workflowName,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return self
  }
}
