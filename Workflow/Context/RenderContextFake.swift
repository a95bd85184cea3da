// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// A stand-in for the live node behind a ``RenderContext``, so that a test can render a workflow
/// without a runtime.
///
/// Shared with WorkflowTesting only. The context calls these methods instead of the node's when
/// it was made with `RenderContext(fake:)`.
package protocol RenderContextFake<WorkflowType>: AnyObject {
  /// The workflow whose render the fake serves.
  associatedtype WorkflowType: Workflow

  /// Called before every use of the context; reports a use outside the render.
  func checkValid()

  /// Takes an action sent through a sink, or made from a child's output.
  func receive<Action: WorkflowAction>(_ action: Action) where Action.WorkflowType == WorkflowType

  /// Answers a request to render `child` under `key`.
  ///
  /// - Parameter outputHandler: Applies one output of the child to the parent; `nil` when the
  ///   parent ignores outputs.
  func renderChild<Child: Workflow>(
    _ child: Child, key: String, outputHandler: ((Child.Output) -> Void)?
  ) -> Child.Rendering

  /// Answers a request to run the side effect `key`.
  func runSideEffect(key: AnyHashable, start: @escaping (Lifetime) -> Void)

  /// Answers a request to render `erased`, an `AnyWorkflow` whose outputs are ignored, by its
  /// erased type; `nil` lets the context render the `underlying` workflow it wraps as usual.
  func renderOutputIgnoringChild<Rendering>(
    _ erased: Any, underlying: any Workflow.Type, key: String, as renderingType: Rendering.Type
  ) -> Rendering?
}

extension RenderContextFake {
  /// Returns `nil`: the wrapped workflow is rendered as usual.
  package func renderOutputIgnoringChild<Rendering>(
    _ erased: Any, underlying: any Workflow.Type, key: String, as renderingType: Rendering.Type
  ) -> Rendering? {
    nil
  }
}
