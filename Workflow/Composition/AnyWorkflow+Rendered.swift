// SPDX-License-Identifier: Apache-2.0

// An AnyWorkflow is a Workflow, so the concrete-workflow methods of Workflow+Rendered.swift would
// render it as a node of its own, keyed by the AnyWorkflow type. These members win over them and
// render the underlying workflow instead, keeping its identity.
extension AnyWorkflow {
  /// Renders the underlying workflow as a child and applies each of its outputs, an action of
  /// the parent, to the parent.
  ///
  /// The child is identified by the underlying workflow's concrete type and `key`.
  public func rendered<Parent: Workflow>(
    in context: RenderContext<Parent>, key: String = ""
  ) -> Rendering where Output: WorkflowAction, Output.WorkflowType == Parent {
    storage.render(in: context, key: key, outputMap: { $0 })
  }

  /// Renders the underlying workflow, which has no output, as a child.
  public func rendered<Parent: Workflow>(
    in context: RenderContext<Parent>, key: String = ""
  ) -> Rendering where Output == Never {
    storage.render(
      in: context, key: key, outputMap: Optional<(Never) -> AnyWorkflowAction<Parent>>.none)
  }

  /// Renders the underlying workflow as a child and turns each of its outputs into an action of
  /// the parent with `outputMap`.
  public func rendered<Parent: Workflow, Action: WorkflowAction>(
    in context: RenderContext<Parent>, key: String = "", outputMap: @escaping (Output) -> Action
  ) -> Rendering where Action.WorkflowType == Parent {
    storage.render(in: context, key: key, outputMap: outputMap)
  }
}
