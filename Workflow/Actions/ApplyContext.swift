// SPDX-License-Identifier: Apache-2.0

/// What an action can read while it is applied: the current workflow value of its node.
///
/// ```swift
/// func apply(
///   toState state: inout State, context: ApplyContext<Greeter>
/// ) -> Never? {
///   state.greeting = "Hello, \(context[workflowValue: \.name])"
///   return nil
/// }
/// ```
public struct ApplyContext<WorkflowType: Workflow> {
  @usableFromInline
  enum Source {
    case node(WorkflowNode<WorkflowType>)
    case detached(() -> WorkflowType)
  }

  @usableFromInline let source: Source

  @usableFromInline
  init(node: WorkflowNode<WorkflowType>) {
    source = .node(node)
  }

  /// Creates a context that reads the workflow value from `workflow`, for applying actions
  /// outside a runtime (WorkflowTesting).
  package init(detachedReading workflow: @escaping () -> WorkflowType) {
    source = .detached(workflow)
  }

  /// The node's current workflow value, as last passed in by its parent.
  public var workflow: WorkflowType {
    switch source {
    case .node(let node): node.workflow
    case .detached(let read): read()
    }
  }

  /// Reads one property of the node's current workflow value.
  public subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
    workflow[keyPath: keyPath]
  }
}

@available(*, unavailable)
extension ApplyContext: Sendable {}
