// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The part of a workflow node that does not depend on the workflow type: its place in the tree,
/// its status in the render passes, its children and its side effects.
///
/// Nodes are not `Sendable`: the host that owns the tree is `@MainActor`, so the compiler keeps
/// them on the main actor (see ``WorkflowRuntime``). The fields that change during render passes are
/// grouped into a few values (``NodeStatus``, ``ChildList``), which release builds read and write
/// without dynamic exclusivity checks: those cost more than the rest of a cached child render
/// (see `scripts/unsafe-allowlist.txt`). Debug builds check them, so the tests would catch two
/// overlapping accesses.
@usableFromInline
class NodeBase {
  /// The deepest a node may sit below the root (which is at depth 0).
  ///
  /// Rendering recurses once per level (a parent's `render` renders its children); much deeper
  /// chains would overflow the stack of the main thread in a debug build.
  static let maximumDepth = 1_000

  @usableFromInline final let runtime: WorkflowRuntime
  let key: String
  // Unretained: a parent owns its children and tears them down before it goes; only nodes that
  // are alive (see isAlive) follow this reference.
  private let parentReference: Unretained<NodeBase>?
  /// How many levels below the root the node sits.
  let depth: Int
  /// The node's identity for observers; `nil` when the host has none.
  @usableFromInline final let session: WorkflowSession?

  #if DEBUG
    /// Where the node stands in the render passes.
    @usableFromInline final var status = NodeStatus()
    /// The children, in the order of the last render.
    @usableFromInline final var children = ChildList<NodeBase>()
    /// The side effects, by key.
    @usableFromInline final var sideEffects: [AnyHashable: SideEffect] = [:]
  #else
    @usableFromInline @exclusivity(unchecked) final var status = NodeStatus()
    @usableFromInline @exclusivity(unchecked) final var children = ChildList<NodeBase>()
    @usableFromInline @exclusivity(unchecked) final var sideEffects: [AnyHashable: SideEffect] = [:]
  #endif

  /// False once the node was removed from the tree; sinks then ignore it.
  @inlinable final var isAlive: Bool { status.isAlive }

  @usableFromInline
  init(runtime: WorkflowRuntime, key: String, parent: NodeBase?, session: WorkflowSession?) {
    self.runtime = runtime
    self.key = key
    if let parent {
      parentReference = Unretained(parent)
      depth = parent.depth + 1
    } else {
      parentReference = nil
      depth = 0
    }
    self.session = session
    if !runtime.reusesRenderingsSilently { status.reusesSilently = false }
    if depth > Self.maximumDepth { tooDeep() }
  }

  private func tooDeep() -> Never {
    fatalError(
      """
      \(typeName) would be nested \(depth) levels below the root, deeper than the \
      \(Self.maximumDepth) levels a workflow tree supports (its parent is \
      \(parent?.typeName ?? "none")); render long sequences as a list of children of one parent \
      instead of a chain
      """)
  }

  /// The node that rendered this one; `nil` for the root.
  final var parent: NodeBase? { parentReference?.object }

  /// The name of the node's workflow type.
  var typeName: String { preconditionFailure("NodeBase is only used through WorkflowNode") }

  /// The name of the worker type when this node runs a worker; `nil` for other nodes.
  var runningWorkerName: String? { nil }

  /// Whether this node runs a worker whose work has already ended.
  var isWorkerWithEndedWork: Bool { false }

  /// The module-qualified name of the workflow type, as snapshots record it.
  var snapshotTypeName: String { preconditionFailure("NodeBase is only used through WorkflowNode") }

  /// The state as JSON when the workflow is snapshottable; `nil` otherwise.
  func encodedState() throws -> Data? {
    preconditionFailure("NodeBase is only used through WorkflowNode")
  }

  /// Keeps the state as it is now, to encode or restore later, when the workflow is
  /// snapshottable; `nil` otherwise.
  func captureState() -> CapturedState? {
    preconditionFailure("NodeBase is only used through WorkflowNode")
  }

  /// A description of the node's state, for debugging.
  var stateDescription: String {
    preconditionFailure("NodeBase is only used through WorkflowNode")
  }

  /// The path from the root to this node.
  @usableFromInline
  var path: WorkflowNodePath {
    var components: [WorkflowNodePath.Component] = []
    var node: NodeBase? = self
    while let current = node {
      components.append(.init(typeName: current.typeName, key: current.key))
      node = current.parent
    }
    return WorkflowNodePath(components: components.reversed())
  }

  /// Marks this node as needing a render after its state changed, and its ancestors as having
  /// a changed descendant.
  @usableFromInline
  final func stateDidChange() {
    status.needsRender = true
    runtime.step.noteStateChange()
    var ancestor = parent
    while let node = ancestor, !node.status.subtreeNeedsRender {
      node.status.subtreeNeedsRender = true
      ancestor = node.parent
    }
  }

  /// Removes the node and its subtree from service: sinks go quiet, and side-effect lifetimes are
  /// handed to the runtime to end after the render pass.
  final func tearDown() {
    guard !children.isEmpty else { return retire() }
    // An explicit stack rather than recursion, so that no depth of tree overflows the thread's
    // stack. Children retire before their parent, in order, as a recursive walk would have it;
    // leaves (most nodes) retire without going on the stack.
    var stack: ContiguousArray<(node: NodeBase, nextChild: Int)> = [(self, 0)]
    while let top = stack.indices.last {
      let node = stack[top].node
      var next = stack[top].nextChild
      var parentOfNext: NodeBase?
      while next < node.children.slots.count {
        let child = node.children.slots[next].node
        next += 1
        if child.children.isEmpty {
          child.retire()
        } else {
          parentOfNext = child
          break
        }
      }
      if let parentOfNext {
        stack[top].nextChild = next
        stack.append((parentOfNext, 0))
      } else {
        stack.removeLast()
        node.retire()
      }
    }
  }

  /// Takes this node out of service once its children are: marks it dead, drops its children,
  /// and hands its side-effect lifetimes to the runtime.
  func retire() {
    status.retire()
    if let session { runtime.observers.sessionDidEnd(session) }
    children.removeAll()
    if !sideEffects.isEmpty {
      for effect in sideEffects.values { runtime.endAfterRender(effect.lifetime) }
      sideEffects = [:]
    }
  }

  /// The snapshot entry of this node and its subtree, every state encoded now; `nil` when
  /// nothing in it is snapshottable, unless `isRoot`.
  final func snapshotEntry(isRoot: Bool = false) throws -> WorkflowSnapshot.Node? {
    try collectSnapshottable(isRoot: isRoot) { node, children, isRoot in
      let state: Data?
      do {
        state = try node.encodedState()
      } catch {
        throw WorkflowSnapshotError(path: node.path, reason: String(describing: error))
      }
      guard isRoot || state != nil || !children.isEmpty else { return nil }
      return WorkflowSnapshot.Node(
        workflowType: node.snapshotTypeName, key: node.key, state: state, children: children)
    }
  }

  /// The states of this node and its subtree as they are now, to encode later; `nil` when
  /// nothing in it is snapshottable, unless `isRoot`.
  final func capture(isRoot: Bool = false) -> CapturedNode? {
    collectSnapshottable(isRoot: isRoot) { node, children, isRoot in
      let state = node.captureState()
      guard isRoot || state != nil || !children.isEmpty else { return nil }
      return CapturedNode(
        typeName: node.typeName, snapshotTypeName: node.snapshotTypeName, key: node.key,
        state: state, children: children)
    }
  }

  /// Builds an entry for this node from its children's, depth first in render order; `entry`
  /// returns nil for a node without saved state in its subtree.
  private func collectSnapshottable<Entry>(
    isRoot: Bool, _ entry: (NodeBase, [Entry], _ isRoot: Bool) throws -> Entry?
  ) rethrows -> Entry? {
    var childEntries: [Entry] = []
    for slot in children.slots {
      if let child = try slot.node.collectSnapshottable(isRoot: false, entry) {
        childEntries.append(child)
      }
    }
    return try entry(self, childEntries, isRoot)
  }

  /// The debug picture of this node and its subtree.
  final func debugTree() -> WorkflowDebugTree {
    WorkflowDebugTree(
      typeName: typeName, key: key, state: stateDescription,
      children: children.slots.map { $0.node.debugTree() })
  }
}
