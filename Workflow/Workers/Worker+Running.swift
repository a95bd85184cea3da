// SPDX-License-Identifier: Apache-2.0

// The `running(in:key:)` methods of AnyWorkflowConvertible, declared again for workers, which they
// then prefer. Those of AnyWorkflowConvertible are constrained to `Rendering == Void`, and a
// worker's conformance checked first from such a call, in a file compiled before the worker's own,
// could not infer its `Output` and failed to compile. These also render the worker's child
// workflow directly, without erasing it first.
extension Worker {
  /// Runs this worker as a child and applies each of its outputs, an action of the parent, to
  /// the parent.
  ///
  /// - Parameters:
  ///   - context: The parent's render context.
  ///   - key: Tells apart workers of the same type.
  public func running<Parent: Workflow>(in context: RenderContext<Parent>, key: String = "")
  where Output: WorkflowAction, Output.WorkflowType == Parent {
    WorkerWorkflow(worker: self).rendered(in: context, key: key)
  }

  /// Runs this worker, whose outputs nobody needs, as a child.
  ///
  /// - Parameters:
  ///   - context: The parent's render context.
  ///   - key: Tells apart workers of the same type.
  public func running<Parent: Workflow>(in context: RenderContext<Parent>, key: String = "")
  where Output == Never {
    WorkerWorkflow(worker: self).rendered(in: context, key: key)
  }

  /// Runs this worker as a child and turns each of its outputs into an action of the parent
  /// with `outputMap`.
  ///
  /// - Parameters:
  ///   - context: The parent's render context.
  ///   - key: Tells apart workers of the same type.
  ///   - outputMap: Makes the parent's action for one output.
  public func running<Parent: Workflow, Action: WorkflowAction>(
    in context: RenderContext<Parent>, key: String = "", outputMap: @escaping (Output) -> Action
  ) where Action.WorkflowType == Parent {
    WorkerWorkflow(worker: self).rendered(in: context, key: key, outputMap: outputMap)
  }
}
