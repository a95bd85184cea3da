// SPDX-License-Identifier: Apache-2.0

/// An action made from a closure, or a type-erased action.
///
/// Handy for one-off changes that do not deserve an enum case. In render:
///
/// ```swift
/// let sink = context.makeSink(of: AnyWorkflowAction<Self>.self)
/// let increment = {
///   sink.send(
///     AnyWorkflowAction { state in
///       state.count += 1
///       return nil
///     })
/// }
/// ```
public struct AnyWorkflowAction<WorkflowType: Workflow>: WorkflowAction {
  private let body: (inout WorkflowType.State, ApplyContext<WorkflowType>) -> WorkflowType.Output?

  /// Creates an action that runs `apply` on the state.
  ///
  /// - Parameter apply: Changes the state and returns an output for the parent, or `nil`.
  public init(_ apply: @escaping (inout WorkflowType.State) -> WorkflowType.Output?) {
    body = { state, _ in apply(&state) }
  }

  /// Creates an action that runs `apply` on the state with access to the workflow value.
  public init(
    _ apply:
      @escaping (inout WorkflowType.State, ApplyContext<WorkflowType>) ->
      WorkflowType.Output?
  ) {
    body = apply
  }

  /// Erases `action`.
  public init<Action: WorkflowAction>(_ action: Action)
  where Action.WorkflowType == WorkflowType {
    body = { state, context in action.apply(toState: &state, context: context) }
  }

  /// Creates an action that leaves the state alone and reports `output`.
  public init(sendingOutput output: WorkflowType.Output) {
    body = { _, _ in output }
  }

  /// An action that changes nothing and reports nothing.
  public static var noAction: AnyWorkflowAction {
    AnyWorkflowAction { _, _ in nil }
  }

  /// Runs the closure.
  public func apply(
    toState state: inout WorkflowType.State, context: ApplyContext<WorkflowType>
  ) -> WorkflowType.Output? {
    body(&state, context)
  }
}
