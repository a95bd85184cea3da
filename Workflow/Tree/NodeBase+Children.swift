// SPDX-License-Identifier: Apache-2.0

extension NodeBase {
  /// Renders the child `workflow` under `key`, creating or updating its node.
  ///
  /// Fast path: a parent usually asks for the same children in the same order, so while every
  /// request matches the next child of the last render, nothing is copied or hashed; the render
  /// only counts matches. The first mismatch copies the matched prefix into `nextChildren` and
  /// continues with a lookup table.
  @inlinable @inline(__always)
  final func renderChild<C: Workflow>(
    _ workflow: C,
    key: String,
    outputHandler: ((C.Output) -> Void)?
  ) -> C.Rendering {
    let typeID = ObjectIdentifier(C.self)
    if !isReordered, matchedChildren < children.count {
      // Reads the slot in place: copying it out of the array cost a retain and a release of its
      // node and key per child.
      let index = matchedChildren
      let matched = children.withUnsafeBufferPointer { slots -> Unmanaged<NodeBase>? in
        let slot = slots.baseAddress.unsafelyUnwrapped + index
        guard slot.pointee.typeID == typeID, slot.pointee.key == key else { return nil }
        return Unmanaged.passUnretained(slot.pointee.node)
      }
      if let matched {
        // Children of the last render have distinct identities, so an in-order match cannot be
        // a duplicate. The children array keeps the node alive throughout this render.
        matchedChildren = index + 1
        return withUnretained(matched) { node in
          let child = unsafeDowncast(node, to: WorkflowNode<C>.self)
          child.update(workflow: workflow)
          return renderClaimedChild(child, outputHandler: outputHandler)
        }
      }
    }
    if !isReordered {
      nextChildren.reserveCapacity(children.count)
      nextChildren.append(contentsOf: children[..<matchedChildren])
      isReordered = true
    }
    let child = lookUpOrMakeChild(workflow, typeID: typeID, key: key)
    return renderClaimedChild(child, outputHandler: outputHandler)
  }

  /// Claims `child` for the render in progress, hands it the parent's output handler, and
  /// renders it.
  @inlinable @inline(__always)
  final func renderClaimedChild<C: Workflow>(
    _ child: WorkflowNode<C>, outputHandler: ((C.Output) -> Void)?
  ) -> C.Rendering {
    child.claimedBy = renderNumber
    if outputHandler != nil || child.outputHandler != nil { child.outputHandler = outputHandler }
    return child.render()
  }

  /// Finds the child `(typeID, key)` of the last render, or makes it, and appends it to
  /// `nextChildren`.
  @inlinable
  final func lookUpOrMakeChild<C: Workflow>(
    _ workflow: C, typeID: ObjectIdentifier, key: String
  ) -> WorkflowNode<C> {
    let (found, tag) = findChild(typeID: typeID, key: key)
    let child: WorkflowNode<C>
    if let existing = found {
      if existing.claimedBy == renderNumber {
        return duplicateChild(existing, of: C.self, key: key)
      }
      child = unsafeDowncast(existing, to: WorkflowNode<C>.self)
      child.update(workflow: workflow)
    } else {
      child =
        pendingRestores == nil
        ? WorkflowNode(workflow: workflow, key: key, parent: self, runtime: runtime)
        : makeChildRestoring(workflow, key: key)
      indexNewChild(tag: tag)
    }
    nextChildren.append(ChildSlot(typeID: typeID, key: key, node: child))
    return child
  }

  /// Makes a child from its pending snapshot entry, or fresh when there is none.
  @usableFromInline
  final func makeChildRestoring<C: Workflow>(_ workflow: C, key: String) -> WorkflowNode<C> {
    let typeName = runtime.typeInfo(for: C.self).snapshotName
    guard let entry = takePendingRestore(typeName: typeName, key: key) else {
      return WorkflowNode(workflow: workflow, key: key, parent: self, runtime: runtime)
    }
    return WorkflowNode(
      workflow: workflow, key: key, parent: self, runtime: runtime, restoring: entry)
  }

  /// Records that the child about to be appended to `nextChildren` has the hash bits `tag`.
  @usableFromInline
  final func indexNewChild(tag: UInt32) {
    childIndex.insert(
      tag: tag,
      reference: ChildIndex.newChildFlag | UInt32(truncatingIfNeeded: nextChildren.count))
  }

  /// Looks a child up in the index, building the index first if this render has not yet; also
  /// returns the key's hash bits, for ``indexNewChild(tag:)``.
  @usableFromInline
  final func findChild(typeID: ObjectIdentifier, key: String) -> (NodeBase?, tag: UInt32) {
    let tag = ChildIndex.tag(typeID: typeID, key: key)
    if !childIndex.isBuilt {
      childIndex.build(expected: children.count + 1)
      for index in children.indices {
        let slot = children[index]
        childIndex.insert(
          tag: ChildIndex.tag(typeID: slot.typeID, key: slot.key),
          reference: UInt32(truncatingIfNeeded: index))
      }
    }
    var bucket = childIndex.firstBucket(for: tag)
    while true {
      let entry = childIndex.buckets[bucket]
      if entry == 0 { return (nil, tag) }
      if UInt32(truncatingIfNeeded: entry >> 32) == tag {
        let reference = UInt32(truncatingIfNeeded: entry)
        let slot =
          reference & ChildIndex.newChildFlag == 0
          ? children[Int(reference)]
          : nextChildren[Int(reference & ~ChildIndex.newChildFlag)]
        if slot.typeID == typeID, slot.key == key { return (slot.node, tag) }
      }
      bucket = childIndex.nextBucket(after: bucket)
    }
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
    return unsafeDowncast(existing, to: WorkflowNode<C>.self)
  }

  /// Ends the render's child bookkeeping: children not asked for are torn down.
  @usableFromInline
  final func finishChildren() {
    if !isReordered {
      if matchedChildren < children.count {
        for slot in children[matchedChildren...] { slot.node.tearDown() }
        children.removeSubrange(matchedChildren...)
      }
    } else {
      for slot in children where slot.node.claimedBy != renderNumber {
        slot.node.tearDown()
      }
      swap(&children, &nextChildren)
      nextChildren.removeAll(keepingCapacity: true)
      isReordered = false
    }
    matchedChildren = 0
    childIndex.reset()
    checkChildInvariants()
  }

  /// Traps when the child list is inconsistent after a render; compiled in debug builds only.
  ///
  /// Every kept child is alive, is this node's child, was asked for by the render that just
  /// ended, and has an identity (type and key) no other child has; the bookkeeping of the render
  /// in progress is reset.
  final func checkChildInvariants() {
    #if DEBUG
      precondition(
        !isReordered && matchedChildren == 0 && nextChildren.isEmpty && !childIndex.isBuilt,
        "\(typeName): the child bookkeeping of a render was not reset after it")
      var identities = Set<ChildIdentity>()
      identities.reserveCapacity(children.count)
      for slot in children {
        let child = slot.node
        let name = "\(typeName)'s child \(child.typeName) with key \"\(slot.key)\""
        precondition(child.isAlive, "\(name) is in the child list but torn down")
        precondition(child.parent === self, "\(name) has another parent")
        precondition(
          child.claimedBy == renderNumber, "\(name) is kept although the last render did not ask")
        precondition(
          identities.insert(ChildIdentity(typeID: slot.typeID, key: slot.key)).inserted,
          "\(name) is in the child list twice")
      }
    #endif
  }
}

/// A child's identity among its siblings: its workflow type and key.
struct ChildIdentity: Hashable {
  let typeID: ObjectIdentifier
  let key: String
}
