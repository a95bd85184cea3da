// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Snapshot entries waiting for the children they restore; each is taken once.
@usableFromInline
final class PendingRestores {
  private var entries: [WorkflowSnapshot.Node?]
  private var remaining: Int
  /// Where the next search starts: children are usually made in the order they were saved, so
  /// the next one is usually the entry after the last taken.
  private var hint = 0

  init(children: [WorkflowSnapshot.Node]) {
    entries = children
    remaining = children.count
  }

  /// Whether every entry was taken.
  var isEmpty: Bool { remaining == 0 }

  /// Takes the entry for a child of type `typeName` under `key`, if there is one.
  func take(typeName: String, key: String) -> WorkflowSnapshot.Node? {
    let count = entries.count
    for offset in 0..<count {
      let index = (hint + offset) % count
      guard let entry = entries[index], entry.key == key, entry.workflowType == typeName else {
        continue
      }
      entries[index] = nil
      remaining -= 1
      hint = index + 1
      return entry
    }
    return nil
  }
}

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
  @usableFromInline final let runtime: Runtime
  let key: String
  // Unowned: a parent owns its children and tears them down before it goes; only nodes that
  // are alive (see isAlive) follow this reference. Weak would add a side table to every node.
  unowned(unsafe) var parent: NodeBase?

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
  init(runtime: Runtime, key: String, parent: NodeBase?) {
    self.runtime = runtime
    self.key = key
    self.parent = parent
  }

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
    runtime.stateDidChange = true
    var ancestor = parent
    while let node = ancestor, !node.subtreeNeedsRender {
      node.subtreeNeedsRender = true
      ancestor = node.parent
    }
  }

  /// Removes the node and its subtree from service: sinks go quiet, and side-effect lifetimes are
  /// handed to the runtime to end after the render pass.
  func tearDown() {
    isAlive = false
    // Most torn-down nodes are leaves: skipping the empty collections keeps a teardown of many
    // of them from resetting storage that was never allocated.
    if !children.isEmpty {
      for slot in children { slot.node.tearDown() }
      children = []
    }
    if nextChildren.capacity > 0 { nextChildren = [] }
    if !childIndex.buckets.isEmpty { childIndex.release() }
    pendingRestores = nil
    if !sideEffects.isEmpty {
      for effect in sideEffects.values { runtime.pendingLifetimeEnds.append(effect.lifetime) }
      sideEffects = [:]
    }
  }

  /// The snapshot entry of this node and its subtree; `nil` when nothing in it is snapshottable,
  /// unless `isRoot`.
  final func snapshotEntry(isRoot: Bool = false) throws -> WorkflowSnapshot.Node? {
    var childEntries: [WorkflowSnapshot.Node] = []
    for slot in children {
      if let entry = try slot.node.snapshotEntry() { childEntries.append(entry) }
    }
    let state: Data?
    do {
      state = try encodedState()
    } catch {
      throw WorkflowSnapshotError(path: path, reason: String(describing: error))
    }
    guard isRoot || state != nil || !childEntries.isEmpty else { return nil }
    return WorkflowSnapshot.Node(
      workflowType: snapshotTypeName, key: key, state: state, children: childEntries)
  }

  /// Takes the pending snapshot entry for a child of type `typeName` under `key`, if any.
  final func takePendingRestore(typeName: String, key: String) -> WorkflowSnapshot.Node? {
    guard let pending = pendingRestores, let entry = pending.take(typeName: typeName, key: key)
    else { return nil }
    if pending.isEmpty { pendingRestores = nil }
    return entry
  }

  /// The debug snapshot of this node and its subtree.
  final func snapshot() -> WorkflowTreeSnapshot {
    WorkflowTreeSnapshot(
      typeName: typeName, key: key, state: stateDescription,
      children: children.map { $0.node.snapshot() })
  }
}
