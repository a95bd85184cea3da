// SPDX-License-Identifier: Apache-2.0

extension WorkflowNode {
  /// The node's sink target for `Action`, made once and reused by every later render.
  @inlinable
  func actionSinkTarget<Action: WorkflowAction>(
    for actionType: Action.Type
  ) -> ActionSinkTarget<W, Action> where Action.WorkflowType == W {
    let id = ObjectIdentifier(actionType)
    if let first = firstSinkTarget {
      if first.id == id {
        return unsafeDowncast(first.target as AnyObject, to: ActionSinkTarget<W, Action>.self)
      }
    } else {
      let target = makeActionSinkTarget(for: actionType)
      firstSinkTarget = (id, target)
      return target
    }
    for entry in sinkTargets where entry.id == id {
      return unsafeDowncast(entry.target as AnyObject, to: ActionSinkTarget<W, Action>.self)
    }
    let target = makeActionSinkTarget(for: actionType)
    sinkTargets.append((id, target))
    return target
  }

  @inlinable
  func makeActionSinkTarget<Action: WorkflowAction>(
    for actionType: Action.Type
  ) -> ActionSinkTarget<W, Action> where Action.WorkflowType == W {
    // Made here, in specialized code, and capturing nothing: the sink target calls it for every
    // action, so the apply runs specialized although the target's own methods do not.
    ActionSinkTarget(node: self) { node, action in node.runtime.submit(action, to: node) }
  }

  /// The node's output sink target, made once.
  func makeOutputSinkTarget() -> OutputSinkTarget<W> {
    if let outputSinkTarget { return outputSinkTarget }
    let target = OutputSinkTarget(node: self)
    outputSinkTarget = target
    return target
  }
}

/// A sink target that reaches a node, and must let go of it when the node leaves the tree.
@usableFromInline
protocol NodeBoundSinkTarget: AnyObject {
  func detach()
}

/// Delivers actions to one node, from any thread.
@usableFromInline
final class ActionSinkTarget<W: Workflow, Action: WorkflowAction>: SinkTarget<Action>,
  NodeBoundSinkTarget, @unchecked Sendable
where Action.WorkflowType == W {
  // Cleared by the node's teardown, so a sink never keeps a node alive nor reaches one that
  // left the tree (see UnretainedNode). Read and written on the main thread only.
  private var node: UnretainedNode?
  private let runtime: Runtime
  /// Hands an action to the runtime on the main thread.
  private let submit: (WorkflowNode<W>, Action) -> Void

  @usableFromInline
  init(node: WorkflowNode<W>, submit: @escaping (WorkflowNode<W>, Action) -> Void) {
    self.node = UnretainedNode(node)
    runtime = node.runtime
    self.submit = submit
  }

  @usableFromInline
  func detach() {
    node = nil
  }

  override func receive(_ action: Action) {
    if MainQueue.isCurrent {
      receiveOnMain(action)
    } else {
      runtime.post { self.receiveOnMain(action) }
    }
  }

  private func receiveOnMain(_ action: Action) {
    guard let node = node?.node, node.isAlive else {
      reportStaleSink(W.self)
      return
    }
    submit(unsafeDowncast(node, to: WorkflowNode<W>.self), action)
  }
}

/// Delivers outputs to one node, from any thread, which passes them on as its own.
final class OutputSinkTarget<W: Workflow>: SinkTarget<W.Output>, NodeBoundSinkTarget,
  @unchecked Sendable
{
  // Cleared by the node's teardown, like an action sink's node.
  private var node: UnretainedNode?
  private let runtime: Runtime

  init(node: WorkflowNode<W>) {
    self.node = UnretainedNode(node)
    runtime = node.runtime
  }

  func detach() {
    node = nil
  }

  override func receive(_ output: W.Output) {
    if MainQueue.isCurrent {
      receiveOnMain(output)
    } else {
      runtime.post { self.receiveOnMain(output) }
    }
  }

  private func receiveOnMain(_ output: W.Output) {
    guard let node = node?.node, node.isAlive else {
      reportStaleSink(W.self)
      return
    }
    runtime.submitOutput(output, from: unsafeDowncast(node, to: WorkflowNode<W>.self))
  }
}
