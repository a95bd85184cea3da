// SPDX-License-Identifier: Apache-2.0

extension AnyWorkflowConvertible {
  /// Renders this workflow as a child and applies each of its outputs, an action of the parent,
  /// to the parent.
  ///
  /// The child is identified by its concrete workflow type and `key`: rendering the same type
  /// under the same key in the next render keeps its node and state. Two children of one type
  /// with one key in the same render are a programmer error.
  ///
  /// - Parameters:
  ///   - context: The parent's render context.
  ///   - key: Tells apart children of the same type.
  /// - Returns: The child's rendering.
  public func rendered<Parent: Workflow>(
    in context: RenderContext<Parent>, key: String = ""
  ) -> Rendering where Output: WorkflowAction, Output.WorkflowType == Parent {
    asAnyWorkflow().storage.render(in: context, key: key, outputMap: { $0 })
  }

  /// Renders this workflow, which has no output, as a child.
  ///
  /// - Parameters:
  ///   - context: The parent's render context.
  ///   - key: Tells apart children of the same type.
  /// - Returns: The child's rendering.
  public func rendered<Parent: Workflow>(
    in context: RenderContext<Parent>, key: String = ""
  ) -> Rendering where Output == Never {
    asAnyWorkflow().storage.render(
      in: context, key: key, outputMap: Optional<(Never) -> AnyWorkflowAction<Parent>>.none)
  }

  /// Renders this workflow as a child and turns each of its outputs into an action of the
  /// parent with `outputMap`.
  ///
  /// - Parameters:
  ///   - context: The parent's render context.
  ///   - key: Tells apart children of the same type.
  ///   - outputMap: Makes the parent's action for one output.
  /// - Returns: The child's rendering.
  public func rendered<Parent: Workflow, Action: WorkflowAction>(
    in context: RenderContext<Parent>, key: String = "", outputMap: @escaping (Output) -> Action
  ) -> Rendering where Action.WorkflowType == Parent {
    asAnyWorkflow().storage.render(in: context, key: key, outputMap: outputMap)
  }

  /// Runs this rendering-less child (a worker, say) and applies its outputs to the parent.
  public func running<Parent: Workflow>(in context: RenderContext<Parent>, key: String = "")
  where Rendering == Void, Output: WorkflowAction, Output.WorkflowType == Parent {
    rendered(in: context, key: key)
  }

  /// Runs this rendering-less child, which has no output.
  public func running<Parent: Workflow>(in context: RenderContext<Parent>, key: String = "")
  where Rendering == Void, Output == Never {
    rendered(in: context, key: key)
  }

  /// Runs this rendering-less child and turns its outputs into actions of the parent.
  public func running<Parent: Workflow, Action: WorkflowAction>(
    in context: RenderContext<Parent>, key: String = "", outputMap: @escaping (Output) -> Action
  ) where Rendering == Void, Action.WorkflowType == Parent {
    rendered(in: context, key: key, outputMap: outputMap)
  }
}
