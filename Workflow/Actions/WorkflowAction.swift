// SPDX-License-Identifier: Apache-2.0

/// A change to a workflow's state, possibly reporting an output to its parent.
///
/// Actions reach a node through a ``Sink`` made in render. The runtime applies them one at a
/// time on the main actor, at the node's current state, never re-entrantly.
public protocol WorkflowAction<WorkflowType> {
  /// The workflow whose state this action changes.
  associatedtype WorkflowType: Workflow

  /// Changes `state` and returns the output to report to the parent, if any.
  ///
  /// - Parameters:
  ///   - state: The node's current state.
  ///   - context: Gives access to the node's current workflow value (its props).
  /// - Returns: An output for the parent, or `nil`.
  func apply(
    toState state: inout WorkflowType.State, context: ApplyContext<WorkflowType>
  ) -> WorkflowType.Output?
}
