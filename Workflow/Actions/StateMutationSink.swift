// SPDX-License-Identifier: Apache-2.0

/// A sink that changes its workflow's state directly, for changes too small to deserve an
/// action of their own.
///
/// Made in render with ``RenderContext/makeStateMutationSink()``. What it sends is applied like
/// any action: queued behind the actions already waiting, batched before one render, seen by
/// observers and tracers, and recorded in the history.
///
/// ```swift
/// let mutations = context.makeStateMutationSink()
/// mutations.send(\.query, value: "swift")
/// mutations.send { state in state.results.removeAll() }
/// ```
public struct StateMutationSink<WorkflowType: Workflow> {
  @usableFromInline let sink: Sink<AnyWorkflowAction<WorkflowType>>

  @usableFromInline
  init(_ sink: Sink<AnyWorkflowAction<WorkflowType>>) {
    self.sink = sink
  }

  // Inlinable, like RenderContext.makeStateMutationSink(), so that the action is made and
  // applied by code specialized for the workflow: unspecialized, a send cost three times an
  // enum action's (generic metadata lookups).

  /// Sends a change of the state: `update` runs on the node's current state.
  ///
  /// - Parameter update: Changes the state.
  @inlinable
  public func send(_ update: @escaping (inout WorkflowType.State) -> Void) {
    sink.send(AnyWorkflowAction(mutation: update))
  }

  /// Sends a change of one property of the state to `value`.
  ///
  /// - Parameters:
  ///   - keyPath: The property to set.
  ///   - value: Its new value.
  @inlinable
  public func send<Value>(_ keyPath: WritableKeyPath<WorkflowType.State, Value>, value: Value) {
    sink.send(AnyWorkflowAction(mutation: { $0[keyPath: keyPath] = value }))
  }
}

extension StateMutationSink: Sendable {}
