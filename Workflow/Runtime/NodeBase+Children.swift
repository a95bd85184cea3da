// SPDX-License-Identifier: Apache-2.0

extension NodeBase {
  /// Renders the child `workflow` under `key`, creating or updating its node.
  ///
  /// Fast path: a parent usually asks for the same children in the same order, so while every
  /// request matches the next child of the last render, nothing is copied or hashed; the render
  /// only counts matches. The first mismatch copies the matched prefix into `nextChildren` and
  /// continues with a lookup table.
  final func renderChild<C: Workflow>(
    _ workflow: C,
    key: String,
    outputHandler: ((C.Output) -> Void)?,
    outputInterceptor: ((inout C.State, C.Output) -> C.Output?)?
  ) -> C.Rendering {
    let typeID = ObjectIdentifier(C.self)
    let child: WorkflowNode<C>
    if !isReordered, matchedChildren < children.count,
      children[matchedChildren].typeID == typeID, children[matchedChildren].key == key
    {
      // Children of the last render have distinct identities, so an in-order match cannot be a
      // duplicate.
      child = unsafeDowncast(children[matchedChildren].node, to: WorkflowNode<C>.self)
      matchedChildren += 1
      child.update(workflow: workflow)
    } else {
      if !isReordered {
        nextChildren.append(contentsOf: children[..<matchedChildren])
        isReordered = true
      }
      child = lookUpOrMakeChild(workflow, typeID: typeID, key: key)
      nextChildren.append(ChildSlot(typeID: typeID, key: key, node: child))
    }
    child.claimedBy = renderNumber
    if outputHandler != nil || child.outputHandler != nil { child.outputHandler = outputHandler }
    if outputInterceptor != nil || child.outputInterceptor != nil {
      child.outputInterceptor = outputInterceptor
    }
    return child.render()
  }

  private func lookUpOrMakeChild<C: Workflow>(
    _ workflow: C, typeID: ObjectIdentifier, key: String
  ) -> WorkflowNode<C> {
    if !isChildLookupBuilt {
      for slot in children { childLookup[ChildKey(typeID: slot.typeID, key: slot.key)] = slot.node }
      isChildLookupBuilt = true
    }
    let childKey = ChildKey(typeID: typeID, key: key)
    if let existing = childLookup[childKey] {
      if existing.claimedBy == renderNumber { duplicateChild(C.self, key: key) }
      let child = unsafeDowncast(existing, to: WorkflowNode<C>.self)
      child.update(workflow: workflow)
      return child
    }
    let child = WorkflowNode(workflow: workflow, key: key, parent: self, runtime: runtime)
    childLookup[childKey] = child
    return child
  }

  private func duplicateChild(_ childType: Any.Type, key: String) -> Never {
    fatalError(
      """
      \(typeName) rendered two children of type \(childType) with key "\(key)" in one render; \
      give each child of the same type a unique key
      """)
  }

  /// Ends the render's child bookkeeping: children not asked for are torn down.
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
    if isChildLookupBuilt {
      childLookup.removeAll()
      isChildLookupBuilt = false
    }
  }
}
