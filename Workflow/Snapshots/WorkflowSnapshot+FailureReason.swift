// SPDX-License-Identifier: Apache-2.0

extension WorkflowSnapshot {
  /// Why reading a snapshot failed, in one line for people: what was wrong and where (for
  /// example `expected String at root.state.text`), without the decoder's internals.
  ///
  /// - Parameter error: An error thrown by ``init(jsonData:)``.
  /// - Returns: The reason, as the skipped-entry reasons of a restore word it.
  public static func failureReason(for error: any Error) -> String {
    describeDecodingError(error)
  }
}
