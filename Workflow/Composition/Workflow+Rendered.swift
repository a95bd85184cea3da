// SPDX-License-Identifier: Apache-2.0

// The same methods as on AnyWorkflowConvertible, for concrete workflows: they render the child
// without erasing it first, which saves an allocation per child per render.
extension Workflow {
  /// Renders this workflow as a child and applies each of its outputs, an action of the parent,
  /// to the parent.
  ///
  /// The child is identified by its concrete type and `key`.
  @inlinable @inline(__always)
  public func rendered<Parent: Workflow>(
    in context: RenderContext<Parent>, key: String = ""
  ) -> Rendering where Output: WorkflowAction, Output.WorkflowType == Parent {
    context.renderChild(self, key: key, outputHandler: context.makeOutputHandler { $0 })
  }

  /// Renders this workflow, which has no output, as a child.
  @inlinable @inline(__always)
  public func rendered<Parent: Workflow>(
    in context: RenderContext<Parent>, key: String = ""
  ) -> Rendering where Output == Never {
    context.renderChild(self, key: key, outputHandler: nil)
  }

  /// Renders this workflow as a child and turns each of its outputs into an action of the
  /// parent with `outputMap`.
  @inlinable @inline(__always)
  public func rendered<Parent: Workflow, Action: WorkflowAction>(
    in context: RenderContext<Parent>, key: String = "", outputMap: @escaping (Output) -> Action
  ) -> Rendering where Action.WorkflowType == Parent {
    context.renderChild(self, key: key, outputHandler: context.makeOutputHandler(outputMap))
  }
}
