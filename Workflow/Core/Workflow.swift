// SPDX-License-Identifier: Apache-2.0

/// A piece of application logic: state that changes through actions, rendered into a value.
///
/// A workflow value carries the inputs its parent gives it (its "props"). The runtime keeps one
/// node per workflow in the tree and calls the methods below on the main actor:
///
/// - the first time a parent renders a child of this type under a key, the node is created and
///   ``makeInitialState()`` provides its state;
/// - when the parent renders it again with a new value, ``workflowDidChange(from:state:)`` lets the
///   state follow the new props, before the node renders;
/// - ``render(state:context:)`` turns the current props and state into a ``Rendering``, and uses
///   the ``RenderContext`` to render children, make sinks and run side effects.
///
/// ```swift
/// struct CounterWorkflow: Workflow {
///   enum Action: WorkflowAction {
///     typealias WorkflowType = CounterWorkflow
///     case increment
///     func apply(toState state: inout Int, context: ApplyContext<CounterWorkflow>) -> Never? {
///       state += 1
///       return nil
///     }
///   }
///   func makeInitialState() -> Int { 0 }
///   func render(state: Int, context: RenderContext<Self>) -> (Int, Sink<Action>) {
///     (state, context.makeSink(of: Action.self))
///   }
/// }
/// ```
public protocol Workflow: AnyWorkflowConvertible {
  /// The state the node keeps between renders and that actions change.
  associatedtype State

  /// The values the workflow reports to its parent; `Never` when it reports nothing.
  associatedtype Output = Never

  /// What ``render(state:context:)`` produces, typically a screen model.
  associatedtype Rendering

  /// Makes the state of a node that is being created.
  ///
  /// - Returns: The state the first render sees.
  func makeInitialState() -> State

  /// Lets the state follow a new workflow value passed in by the parent.
  ///
  /// The runtime calls it before rendering an existing node whose workflow value changed. For an
  /// `Equatable` workflow, a value equal to the previous one is not a change and this method is
  /// not called. The default does nothing.
  ///
  /// - Parameters:
  ///   - previousWorkflow: The value the node held until now.
  ///   - state: The node's state, to adjust.
  func workflowDidChange(from previousWorkflow: Self, state: inout State)

  /// Produces the rendering of the current props and state.
  ///
  /// Keep it free of side effects: render children with `rendered(in:key:)`, make sinks with
  /// ``RenderContext/makeSink(of:)``, and start work with `RenderContext.runSideEffect(key:action:)`
  /// or a ``Worker``. Sending an action while rendering is a programmer error.
  ///
  /// - Parameters:
  ///   - state: The node's current state.
  ///   - context: Valid only during this call.
  /// - Returns: The rendering of this node.
  func render(state: State, context: RenderContext<Self>) -> Rendering
}

extension Workflow {
  /// Does nothing: by default the state does not depend on the props.
  public func workflowDidChange(from previousWorkflow: Self, state: inout State) {}
}

extension Workflow where State == Void {
  /// Returns the empty state of a stateless workflow.
  public func makeInitialState() -> State {
    ()
  }

  /// Does nothing: a stateless workflow has no state to adjust.
  public func workflowDidChange(from previousWorkflow: Self, state: inout State) {}
}

extension Workflow {
  /// Wraps this workflow in an ``AnyWorkflow`` whose child identity is `Self`.
  public func asAnyWorkflow() -> AnyWorkflow<Rendering, Output> {
    AnyWorkflow(self)
  }
}
