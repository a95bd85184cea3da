// SPDX-License-Identifier: Apache-2.0

/// A reference that neither retains its object nor is zeroed when the object goes away.
///
/// The runtime's three back-references use it: a node's parent, the node a sink delivers to,
/// and the host core a runtime's steps are for. Their owners guarantee that the object outlives
/// every read: a parent tears its children down before it goes and only live nodes follow their
/// parent; a node detaches its sinks when it is torn down; a host core's shutdown clears the
/// runtime's reference before the core can go. What checked `unowned` would cost instead is in
/// `scripts/unsafe-allowlist.txt`.
///
/// Debug builds check the guarantee: a weak shadow reference goes `nil` when the object is
/// freed, and reading ``object`` after that traps.
@usableFromInline
package struct Unretained<Object: AnyObject> {
  @usableFromInline unowned(unsafe) let unchecked: Object
  #if DEBUG
    @usableFromInline weak var shadow: Object?
  #endif

  @inlinable
  package init(_ object: Object) {
    unchecked = object
    #if DEBUG
      shadow = object
    #endif
  }

  /// The object; it must still be allocated.
  @inlinable
  package var object: Object {
    #if DEBUG
      guard shadow != nil else {
        fatalError(
          "Workflow runtime: a \(Object.self) was reached through a reference after it was freed")
      }
    #endif
    return unchecked
  }
}

extension Unretained {
  /// Calls `body` with the object, without retaining it around the call; it must still be
  /// allocated, and stay so for the whole call.
  @inlinable @inline(__always)
  package func withObject<Result>(_ body: (Object) -> Result) -> Result {
    Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
  }
}

extension Unretained where Object == NodeBase {
  /// The node, which must be a `WorkflowNode<W>`: the owner of the reference made it from one.
  ///
  /// The node is stored as its base class: a typed reference looked its generic metadata up on
  /// every send.
  @inlinable
  func node<W: Workflow>(of _: W.Type) -> WorkflowNode<W> {
    unsafeDowncast(object, to: WorkflowNode<W>.self)
  }
}

/// Calls `body` with the node `unmanaged` refers to, without retaining it around the call.
///
/// The caller guarantees that something else keeps the node alive for the whole call: the
/// host's root field for the root's render and publish. Debug builds check that the node is still
/// in the tree.
@inlinable @inline(__always)
func withUnretained<Node: NodeBase, Result>(
  _ unmanaged: Unmanaged<Node>, _ body: (Node) -> Result
) -> Result {
  unmanaged._withUnsafeGuaranteedRef { node in
    #if DEBUG
      checkIsAlive(node)
    #endif
    return body(node)
  }
}

/// Calls `body` with the child `unmanaged` refers to, which must be a `WorkflowNode<W>`, without
/// retaining it around the call.
///
/// The parent's ``ChildList`` keeps the child alive for the whole call, and the identity the list
/// matched (the workflow type among them) guarantees its type; debug builds check both.
@inlinable @inline(__always)
func withUnretained<W: Workflow, Result>(
  _ unmanaged: Unmanaged<NodeBase>, as _: WorkflowNode<W>.Type,
  _ body: (WorkflowNode<W>) -> Result
) -> Result {
  unmanaged._withUnsafeGuaranteedRef { node in
    #if DEBUG
      checkIsAlive(node)
    #endif
    return body(unsafeDowncast(node, to: WorkflowNode<W>.self))
  }
}

/// Traps when `node` left the tree; the unretained calls' check in debug builds.
@usableFromInline
func checkIsAlive(_ node: NodeBase) {
  precondition(node.isAlive, "Workflow runtime: \(type(of: node)) is used after its teardown")
}
