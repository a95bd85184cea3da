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
  func outputSinkTarget() -> SinkTarget<W.Output> {
    if let cachedOutputSinkTarget {
      return unsafeDowncast(
        cachedOutputSinkTarget, to: MappedSinkTarget<W.Output, SendOutput<W>>.self)
    }
    let target = MappedSinkTarget(base: actionSinkTarget(for: SendOutput<W>.self)) {
      SendOutput<W>(output: $0)
    }
    cachedOutputSinkTarget = target
    return target
  }
}

/// The action behind an output sink: reports its output and leaves the state alone.
struct SendOutput<W: Workflow>: WorkflowAction {
  let output: W.Output

  func apply(toState state: inout W.State, context: ApplyContext<W>) -> W.Output? {
    output
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
  // left the tree. Not weak: a weak reference would give every node a side table and slow
  // down all its reference counting. Read and written on the main thread only.
  private unowned(unsafe) var node: WorkflowNode<W>?
  private let runtime: Runtime
  /// Hands an action to the runtime on the main thread.
  private let submit: (WorkflowNode<W>, Action) -> Void

  @usableFromInline
  init(node: WorkflowNode<W>, submit: @escaping (WorkflowNode<W>, Action) -> Void) {
    self.node = node
    runtime = node.runtime
    self.submit = submit
  }

  @usableFromInline
  func detach() {
    node = nil
  }

  override func receive(_ action: Action) {
    if runtime.isOnMainThread {
      receiveOnMain(action)
    } else {
      runtime.post { self.receiveOnMain(action) }
    }
  }

  private func receiveOnMain(_ action: Action) {
    guard let node, node.isAlive else {
      reportStaleSink(W.self)
      return
    }
    submit(node, action)
  }
}
