// SPDX-License-Identifier: Apache-2.0

extension NodeBase {
  /// Renders the child `workflow` under `key`, creating or updating its node.
  ///
  /// The child list finds the child (see ``ChildList``); the node claims it for this render,
  /// makes it when it is new, and renders it.
  @inlinable @inline(__always)
  final func renderChild<C: Workflow>(
    _ workflow: C,
    key: String,
    outputHandler: ((C.Output) -> Void)?
  ) -> C.Rendering {
    let typeID = ObjectIdentifier(C.self)
    let renderNumber = status.renderNumber
    if let matched = children.claimNextInOrder(typeID: typeID, key: key) {
      // Children of the last render have distinct identities, so an in-order match cannot be
      // a duplicate. The closure captures no reference (not even this node): a captured one was
      // retained and released around every child's render (R2).
      return withUnretained(matched, as: WorkflowNode<C>.self) { child in
        let isUnchanged = child.isUnchanged(by: workflow)
        if isUnchanged, outputHandler == nil, child.outputHandler == nil,
          let rendering = child.reusableRendering
        {
          child.status.claimedBy = renderNumber
          return rendering
        }
        return Self.renderMatchedChild(
          child, workflow: workflow, isUnchanged: isUnchanged, renderNumber: renderNumber,
          outputHandler: outputHandler)
      }
    }
    let child = lookUpOrMakeChild(workflow, typeID: typeID, key: key)
    return Self.renderClaimedChild(child, renderNumber: renderNumber, outputHandler: outputHandler)
  }

  /// Updates and renders a child matched in order whose last rendering cannot be reused as it is.
  @inlinable @inline(never)
  static func renderMatchedChild<C: Workflow>(
    _ child: WorkflowNode<C>, workflow: C, isUnchanged: Bool, renderNumber: UInt64,
    outputHandler: ((C.Output) -> Void)?
  ) -> C.Rendering {
    if !isUnchanged { child.replaceWorkflow(with: workflow) }
    child.status.claimedBy = renderNumber
    if outputHandler != nil || child.outputHandler != nil { child.outputHandler = outputHandler }
    // Already out of line: the render (or the reuse observers hear of) is inlined here rather
    // than called again (T1).
    return child.updatedRendering()
  }

  /// Claims `child` for the parent's render numbered `renderNumber`, hands it the parent's output
  /// handler, and renders it.
  @inlinable @inline(__always)
  static func renderClaimedChild<C: Workflow>(
    _ child: WorkflowNode<C>, renderNumber: UInt64, outputHandler: ((C.Output) -> Void)?
  ) -> C.Rendering {
    child.status.claimedBy = renderNumber
    if outputHandler != nil || child.outputHandler != nil { child.outputHandler = outputHandler }
    return child.render()
  }

  /// Finds the child `(typeID, key)` of the last render out of order, or makes it, and adds it
  /// to the render's new order.
  @inlinable
  final func lookUpOrMakeChild<C: Workflow>(
    _ workflow: C, typeID: ObjectIdentifier, key: String
  ) -> WorkflowNode<C> {
    let (found, tag) = lookUpChild(typeID: typeID, key: key)
    if let found {
      if found.status.claimedBy == status.renderNumber {
        return duplicateChild(found, of: C.self, key: key)
      }
      guard let child = found as? WorkflowNode<C> else { childOfWrongType(C.self, key: key) }
      appendFoundChild(child, typeID: typeID, key: key)
      child.update(workflow: workflow)
      return child
    }
    let child =
      children.pendingRestores == nil
      ? WorkflowNode(workflow: workflow, key: key, parent: self, runtime: runtime)
      : makeChildRestoring(workflow, key: key)
    appendNewChild(child, typeID: typeID, key: key, tag: tag)
    return child
  }

  // The child list's slow path, through methods compiled in this module: called from the
  // inlinable code above, in the client's module, the list's generic methods ran unspecialized
  // (R4 +80%).

  /// Looks the child up out of order (see ``ChildList/lookUp(typeID:key:)``).
  @usableFromInline
  final func lookUpChild(typeID: ObjectIdentifier, key: String) -> (NodeBase?, tag: UInt32) {
    children.lookUp(typeID: typeID, key: key)
  }

  /// Adds a child that ``lookUpChild(typeID:key:)`` found to the render's new order.
  @usableFromInline
  final func appendFoundChild(_ child: NodeBase, typeID: ObjectIdentifier, key: String) {
    children.appendFound(ChildList.Slot(typeID: typeID, key: key, node: child))
  }

  /// Adds a child made for this render to its new order.
  @usableFromInline
  final func appendNewChild(
    _ child: NodeBase, typeID: ObjectIdentifier, key: String, tag: UInt32
  ) {
    children.appendNew(ChildList.Slot(typeID: typeID, key: key, node: child), tag: tag)
  }

  /// Makes a child from its pending snapshot entry, or fresh when there is none.
  @usableFromInline
  final func makeChildRestoring<C: Workflow>(_ workflow: C, key: String) -> WorkflowNode<C> {
    let typeName = runtime.typeInfo(for: C.self).snapshotName
    guard let entry = children.takePendingRestore(typeName: typeName, key: key) else {
      return WorkflowNode(workflow: workflow, key: key, parent: self, runtime: runtime)
    }
    return WorkflowNode(
      workflow: workflow, key: key, parent: self, runtime: runtime, restoring: entry)
  }

  @usableFromInline
  final func childOfWrongType(_ childType: Any.Type, key: String) -> Never {
    preconditionFailure("\(typeName)'s child with key \"\(key)\" is not a \(childType)")
  }

  /// Traps on a second child of one type under one key in this render; when the error is
  /// reported instead (see ``ProgrammerError``), returns the child rendered first, which answers
  /// the request.
  @usableFromInline
  final func duplicateChild<C: Workflow>(
    _ existing: NodeBase, of childType: C.Type, key: String
  ) -> WorkflowNode<C> {
    ProgrammerError.report(
      .duplicateChildKey,
      """
      \(typeName) rendered two children of type \(childType) with key "\(key)" in one render; \
      give each child of the same type a unique key
      """)
    guard let child = existing as? WorkflowNode<C> else { childOfWrongType(C.self, key: key) }
    return child
  }

  /// Ends the render's child bookkeeping: children not asked for are torn down.
  @usableFromInline
  final func finishChildren() {
    if !children.hasRenderToFinish { return checkChildInvariants() }
    let renderNumber = status.renderNumber
    let removed = children.finishRender { $0.status.claimedBy == renderNumber }
    for child in removed { child.tearDown() }
    checkChildInvariants()
  }

  /// Traps when the children are inconsistent after a render; compiled in debug builds only.
  ///
  /// Besides the list's own invariants: every kept child is alive, is this node's child, and was
  /// asked for by the render that just ended.
  @inlinable @inline(__always)
  final func checkChildInvariants() {
    #if DEBUG
      checkChildListInvariants()
    #endif
  }

  @usableFromInline
  final func checkChildListInvariants() {
    #if DEBUG
      children.checkInvariants(owner: typeName)
      for slot in children.slots {
        let child = slot.node
        let name = "\(typeName)'s child \(child.typeName) with key \"\(slot.key)\""
        precondition(child.isAlive, "\(name) is in the child list but torn down")
        precondition(child.parent === self, "\(name) has another parent")
        precondition(
          child.status.claimedBy == status.renderNumber,
          "\(name) is kept although the last render did not ask")
        child.status.checkInvariants(owner: name)
      }
    #endif
  }
}
