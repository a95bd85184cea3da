// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One child in a node's render-ordered child list.
@usableFromInline
struct ChildSlot {
  @usableFromInline let typeID: ObjectIdentifier
  @usableFromInline let key: String
  @usableFromInline let node: NodeBase

  @usableFromInline
  init(typeID: ObjectIdentifier, key: String, node: NodeBase) {
    self.typeID = typeID
    self.key = key
    self.node = node
  }
}

/// The part of a workflow node that does not depend on the workflow type: its place in the tree,
/// its children and side effects, and the flags of partial rendering.
///
/// Nodes are confined to the main thread (see ``Runtime``). Their stored properties opt out of
/// dynamic exclusivity checks, which cost more than the rest of a cached child render; the
/// runtime never hands out overlapping accesses to them.
@usableFromInline
class NodeBase {
  /// The deepest a node may sit below the root (which is at depth 0).
  ///
  /// Rendering recurses once per level (a parent's `render` renders its children); much deeper
  /// chains would overflow the stack of the main thread in a debug build.
  static let maximumDepth = 1_000

  @usableFromInline final let runtime: Runtime
  let key: String
  // Unretained (see UnretainedNode): a parent owns its children and tears them down before it
  // goes; only nodes that are alive (see isAlive) follow this reference.
  private let parentReference: UnretainedNode?
  /// How many levels below the root the node sits.
  let depth: Int
  /// The node's identity for observers; `nil` when the host has none.
  @usableFromInline final let session: WorkflowSession?

  /// False once the node was removed from the tree; sinks then ignore it.
  @usableFromInline @exclusivity(unchecked) final var isAlive = true
  /// Whether the node must call `render` next time it is asked for its rendering.
  @usableFromInline @exclusivity(unchecked) final var needsRender = true
  /// Whether some descendant must render, which makes this node render too.
  @usableFromInline @exclusivity(unchecked) final var subtreeNeedsRender = false
  /// Whether the node's `render` is running.
  @usableFromInline @exclusivity(unchecked) final var isRendering = false
  /// The number of the node's current or last render.
  @usableFromInline @exclusivity(unchecked) final var renderNumber: UInt64 = 0
  /// The render of the parent that last asked for this node; finds duplicates and leftovers.
  @usableFromInline @exclusivity(unchecked) final var claimedBy: UInt64 = 0

  /// Children in the order of the last render.
  @usableFromInline @exclusivity(unchecked) final var children: ContiguousArray<ChildSlot> = []
  /// How many leading children the render in progress asked for in the same order as before.
  @usableFromInline @exclusivity(unchecked) final var matchedChildren = 0
  /// Whether the render in progress asked for children out of the last order; `nextChildren`
  /// then holds the new order.
  @usableFromInline @exclusivity(unchecked) final var isReordered = false
  /// Children in the order of the render in progress, once it departed from the last order.
  @usableFromInline @exclusivity(unchecked) final var nextChildren: ContiguousArray<ChildSlot> = []
  /// All children by identity, built during a render only when the order changed.
  @exclusivity(unchecked) var childIndex = ChildIndex()

  @exclusivity(unchecked) var sideEffects: [AnyHashable: SideEffect] = [:]

  /// The snapshot entries of children not yet created, when the node was restored from a
  /// snapshot whose entry had children; each is used once, by the first child that matches it.
  @usableFromInline @exclusivity(unchecked) final var pendingRestores: PendingRestores?

  @usableFromInline
  init(runtime: Runtime, key: String, parent: NodeBase?, session: WorkflowSession?) {
    self.runtime = runtime
    self.key = key
    if let parent {
      parentReference = UnretainedNode(parent)
      depth = parent.depth + 1
    } else {
      parentReference = nil
      depth = 0
    }
    self.session = session
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
  final var parent: NodeBase? { parentReference?.node }

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

  /// Encodes a copy of the state as it is now, when the workflow is snapshottable; `nil`
  /// otherwise.
  func captureState() -> (() throws -> Data)? {
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
    needsRender = true
    runtime.step.noteStateChange()
    var ancestor = parent
    while let node = ancestor, !node.subtreeNeedsRender {
      node.subtreeNeedsRender = true
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
      while next < node.children.count {
        let child = node.children[next].node
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
    isAlive = false
    if let session { runtime.observers.sessionDidEnd(session) }
    // Most retired nodes are leaves: skipping the empty collections keeps a teardown of many of
    // them from resetting storage that was never allocated.
    if !children.isEmpty { children = [] }
    if nextChildren.capacity > 0 { nextChildren = [] }
    if !childIndex.buckets.isEmpty { childIndex.release() }
    pendingRestores = nil
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
      let encodeState = node.captureState()
      guard isRoot || encodeState != nil || !children.isEmpty else { return nil }
      return CapturedNode(
        typeName: node.typeName, snapshotTypeName: node.snapshotTypeName, key: node.key,
        encodeState: encodeState, children: children)
    }
  }

  /// Builds an entry for this node from its children's, depth first in render order; `entry`
  /// returns nil for a node without saved state in its subtree.
  private func collectSnapshottable<Entry>(
    isRoot: Bool, _ entry: (NodeBase, [Entry], _ isRoot: Bool) throws -> Entry?
  ) rethrows -> Entry? {
    var childEntries: [Entry] = []
    for slot in children {
      if let child = try slot.node.collectSnapshottable(isRoot: false, entry) {
        childEntries.append(child)
      }
    }
    return try entry(self, childEntries, isRoot)
  }

  /// Takes the pending snapshot entry for a child of type `typeName` under `key`, if any.
  final func takePendingRestore(typeName: String, key: String) -> WorkflowSnapshot.Node? {
    guard let pending = pendingRestores, let entry = pending.take(typeName: typeName, key: key)
    else { return nil }
    if pending.isEmpty { pendingRestores = nil }
    return entry
  }

  /// The debug picture of this node and its subtree.
  final func debugTree() -> WorkflowDebugTree {
    WorkflowDebugTree(
      typeName: typeName, key: key, state: stateDescription,
      children: children.map { $0.node.debugTree() })
  }
}
