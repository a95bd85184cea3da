// SPDX-License-Identifier: Apache-2.0

extension AnyWorkflowConvertible {
  /// Returns this workflow with its rendering transformed by `transform`.
  ///
  /// The result keeps the child identity of the underlying workflow.
  public func mapRendering<NewRendering>(
    _ transform: @escaping (Rendering) -> NewRendering
  ) -> AnyWorkflow<NewRendering, Output> {
    AnyWorkflow(storage: asAnyWorkflow().storage.mapRendering(transform))
  }

  /// Returns this workflow with each output transformed by `transform`.
  ///
  /// The result keeps the child identity of the underlying workflow.
  public func mapOutput<NewOutput>(
    _ transform: @escaping (Output) -> NewOutput
  ) -> AnyWorkflow<Rendering, NewOutput> {
    AnyWorkflow(storage: asAnyWorkflow().storage.mapOutput(transform))
  }
}

extension Workflow {
  /// Returns this workflow with a handler that sees each output, together with the workflow's
  /// own state, before it leaves the node.
  ///
  /// `apply` may change the state and returns the output to pass on, or `nil` to swallow it.
  /// It runs on the node of this workflow, right after the action that produced the output.
  ///
  /// ```swift
  /// child.onOutput { state, output in
  ///   state.outputCount += 1
  ///   return output
  /// }
  /// ```
  public func onOutput(
    _ apply: @escaping (inout State, Output) -> Output?
  ) -> AnyWorkflow<Rendering, Output> {
    AnyWorkflow(
      storage: ConcreteWorkflowStorage<Self, Rendering, Output>(
        workflow: self, renderingMap: { $0 }, outputMap: { $0 }, outputInterceptor: apply))
  }
}
