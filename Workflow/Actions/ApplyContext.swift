// SPDX-License-Identifier: Apache-2.0

/// What an action can read while it is applied: the current workflow value of its node.
///
/// ```swift
/// func apply(toState state: inout State, context: ApplyContext<Greeter>) -> Never? {
///   state.greeting = "Hello, \(context[workflowValue: \.name])"
///   return nil
/// }
/// ```
public struct ApplyContext<WorkflowType: Workflow> {
  @usableFromInline let node: WorkflowNode<WorkflowType>

  @usableFromInline
  init(node: WorkflowNode<WorkflowType>) {
    self.node = node
  }

  /// The node's current workflow value, as last passed in by its parent.
  public var workflow: WorkflowType { node.workflow }

  /// Reads one property of the node's current workflow value.
  public subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
    node.workflow[keyPath: keyPath]
  }
}

@available(*, unavailable)
extension ApplyContext: Sendable {}
