// SPDX-License-Identifier: Apache-2.0

import Workflow

// The checks of the state and the outputs are those of every WorkflowTestResult.
extension RenderTesterResult: WorkflowTestResult {
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
}
