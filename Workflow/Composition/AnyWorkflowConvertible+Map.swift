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

  /// Returns this workflow with its outputs ignored, so that a parent can render it without an
  /// output map.
  ///
  /// The result keeps the child identity of the underlying workflow; the child is rendered as
  /// one without outputs.
  ///
  /// ```swift
  /// let banner = BannerWorkflow().ignoringOutput().rendered(in: context)
  /// ```
  public func ignoringOutput() -> AnyWorkflow<Rendering, Never> {
    let erased = asAnyWorkflow()
    // An AnyWorkflow is kept, so that a render tester can expect the child by the erased type it
    // was rendered as, as in workflow-swift.
    return AnyWorkflow(
      storage: erased.storage.ignoringOutput(
        of: self is AnyWorkflow<Rendering, Output> ? erased : nil))
  }

  /// Returns this workflow with each output turned into an action that `apply` performs on the
  /// state of the parent that renders it.
  ///
  /// `apply` runs when the child emits, on the parent's current state, and returns the parent's
  /// output, or `nil`. The result keeps the child identity of the underlying workflow.
  ///
  /// ```swift
  /// LoginWorkflow()
  ///   .onOutput { state, output in
  ///     state.user = output.user
  ///     return nil
  ///   }
  ///   .rendered(in: context)
  /// ```
  public func onOutput<Parent: Workflow>(
    _ apply: @escaping (inout Parent.State, Output) -> Parent.Output?
  ) -> AnyWorkflow<Rendering, AnyWorkflowAction<Parent>> {
    mapOutput { output in
      AnyWorkflowAction<Parent> { state in apply(&state, output) }
    }
  }
}

extension AnyWorkflowConvertible where Output == Never {
  /// Returns this workflow, which has no output, declared with the output type `NewOutput`, so
  /// that it fits where a workflow with outputs is expected.
  public func mapOutput<NewOutput>(to outputType: NewOutput.Type) -> AnyWorkflow<
    Rendering, NewOutput
  > {
    mapOutput { (output: Never) -> NewOutput in }
  }
}
