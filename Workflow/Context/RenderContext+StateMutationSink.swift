// SPDX-License-Identifier: Apache-2.0

extension RenderContext {
  /// Makes a sink that changes this workflow's state directly.
  ///
  /// Like every sink, it stays valid after this render and reaches the node's current state.
  ///
  /// ```swift
  /// let mutations = context.makeStateMutationSink()
  /// let onRename = { (name: String) in mutations.send(\.name, value: name) }
  /// ```
  @inlinable
  public func makeStateMutationSink() -> StateMutationSink<WorkflowType> {
    StateMutationSink(makeSink(of: AnyWorkflowAction<WorkflowType>.self))
  }
}
