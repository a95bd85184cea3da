// SPDX-License-Identifier: Apache-2.0

/// A workflow with its concrete type erased to its rendering and output types.
///
/// Erasure does not change identity: a parent that renders an `AnyWorkflow` keeps the child node
/// of the underlying concrete type and key, exactly as if it had rendered the concrete workflow.
/// Erasing an `AnyWorkflow` again returns it unchanged. ``AnyWorkflowConvertible/mapRendering(_:)``,
/// ``AnyWorkflowConvertible/mapOutput(_:)`` and ``AnyWorkflowConvertible/ignoringOutput()`` keep
/// the identity too.
///
/// An `AnyWorkflow` is a ``Workflow`` itself, so a ``WorkflowHost`` can run one: it renders the
/// underlying workflow as its only child and reports that child's outputs as its own.
public struct AnyWorkflow<Rendering, Output> {
  let storage: AnyWorkflowStorage<Rendering, Output>

  init(storage: AnyWorkflowStorage<Rendering, Output>) {
    self.storage = storage
  }

  /// Erases `workflow`; erasing an `AnyWorkflow` returns it unchanged.
  public init<W: Workflow>(_ workflow: W) where W.Rendering == Rendering, W.Output == Output {
    if let erased = workflow as? AnyWorkflow {
      self = erased
    } else {
      storage = ConcreteWorkflowStorage(workflow: workflow, renderingMap: { $0 }, outputMap: { $0 })
    }
  }

  /// The concrete workflow value.
  public var base: Any { storage.base }

  /// The concrete workflow type, which decides the child's identity.
  public var workflowType: any Workflow.Type { storage.workflowType }
}

extension AnyWorkflow: Workflow {
  /// An erased workflow keeps no state of its own: its child has the state.
  public typealias State = Void

  /// Renders the underlying workflow as the only child, its outputs reported as this
  /// workflow's.
  ///
  /// Used when the erased workflow is itself the node, as the root of a ``WorkflowHost``; a parent
  /// that renders an `AnyWorkflow` renders the underlying workflow directly.
  public func render(state: Void, context: RenderContext<AnyWorkflow>) -> Rendering {
    storage.render(
      in: context, key: "", outputMap: { AnyWorkflowAction<AnyWorkflow>(sendingOutput: $0) })
  }

  /// Returns `self`: an erased workflow is not wrapped again.
  public func asAnyWorkflow() -> AnyWorkflow<Rendering, Output> {
    self
  }
}
