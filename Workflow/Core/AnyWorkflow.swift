// SPDX-License-Identifier: Apache-2.0

/// A workflow with its concrete type erased to its rendering and output types.
///
/// Erasure does not change identity: a parent that renders an `AnyWorkflow` keeps the child node
/// of the underlying concrete type and key, exactly as if it had rendered the concrete workflow.
/// Erasing an `AnyWorkflow` again returns it unchanged. ``mapRendering(_:)`` and
/// ``mapOutput(_:)`` keep the identity too.
public struct AnyWorkflow<Rendering, Output> {
  let storage: AnyWorkflowStorage<Rendering, Output>

  init(storage: AnyWorkflowStorage<Rendering, Output>) {
    self.storage = storage
  }

  /// Erases `workflow`.
  public init<W: Workflow>(_ workflow: W) where W.Rendering == Rendering, W.Output == Output {
    storage = ConcreteWorkflowStorage(
      workflow: workflow, renderingMap: { $0 }, outputMap: { $0 }, outputInterceptor: nil)
  }

  /// The concrete workflow value.
  public var base: Any { storage.base }

  /// The concrete workflow type, which decides the child's identity.
  public var workflowType: any Workflow.Type { storage.workflowType }
}

extension AnyWorkflow: AnyWorkflowConvertible {
  /// Returns `self`: an erased workflow is not wrapped again.
  public func asAnyWorkflow() -> AnyWorkflow<Rendering, Output> {
    self
  }
}
