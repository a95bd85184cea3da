// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// Answers for a live ``RenderContext`` used after its render, once that programmer error was
/// reported instead of trapping (see ``ProgrammerError/Kind/renderContextUsedAfterRender``).
///
/// Nothing it does touches the bookkeeping of the node's renders: sinks reach the node as sinks
/// made in render do, a side effect is dropped, and a child is rendered away from the tree.
final class ContextUsedAfterRender<W: Workflow>: RenderContextFake {
  typealias WorkflowType = W

  private weak var node: WorkflowNode<W>?

  init(node: WorkflowNode<W>) {
    self.node = node
  }

  func checkValid() {
    // Reported already, when the context handed out this stand-in.
  }

  func receive<Action: WorkflowAction>(_ action: Action) where Action.WorkflowType == W {
    guard let node, node.isAlive else { return reportStaleSink(W.self) }
    node.actionSinkTarget(for: Action.self).receive(action)
  }

  func renderChild<Child: Workflow>(
    _ child: Child, key: String, outputHandler: ((Child.Output) -> Void)?
  ) -> Child.Rendering {
    // A runtime of its own that never runs a step: the side effects and workers the child asks
    // for are never started, and nothing reaches the host's tree.
    let runtime = WorkflowRuntime(configuration: .default, observers: [], history: nil)
    let detached = WorkflowNode(workflow: child, key: key, parent: nil, runtime: runtime)
    let rendering = detached.render()
    detached.tearDown()
    return rendering
  }

  func runSideEffect(key: AnyHashable, start: @escaping (Lifetime) -> Void) {
    // Dropped: the node's render is over, so there is nothing to keep the side effect running.
  }
}
