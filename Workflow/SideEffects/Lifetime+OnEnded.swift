// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

extension Lifetime {
  /// Calls `action` when the lifetime ends; at once if it has already ended.
  ///
  /// The spelling side effects use in workflow-swift. It is `observeEnded(_:)` without the
  /// disposable that would stop the observation early.
  ///
  /// ```swift
  /// context.runSideEffect(key: "poll") { lifetime in
  ///   let task = Task { await poll() }
  ///   lifetime.onEnded { task.cancel() }
  /// }
  /// ```
  public func onEnded(_ action: @escaping () -> Void) {
    _ = observeEnded(action)
  }
}
