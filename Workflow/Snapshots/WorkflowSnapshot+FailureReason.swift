// SPDX-License-Identifier: Apache-2.0

extension WorkflowSnapshot {
  /// Why reading a snapshot failed, in one line for people: what was wrong and where, without
  /// the decoder's internals.
  ///
  /// A snapshot of the wrong shape names the value, as in `expected String at
  /// root.children.0.type`; text that is not JSON says what was expected, its line and column,
  /// and the part of the snapshot, as in `The given data was not valid JSON. Expected a value
  /// but found 'tru' at line 3, column 12 (at root.state)`.
  ///
  /// - Parameter error: An error thrown by ``init(jsonData:)``.
  /// - Returns: The reason, as the skipped-entry reasons of a restore word it.
  public static func failureReason(for error: any Error) -> String {
    describeDecodingError(error)
  }
}
