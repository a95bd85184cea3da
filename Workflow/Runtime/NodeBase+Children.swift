// SPDX-License-Identifier: Apache-2.0

extension NodeBase {
  /// Renders the child `workflow` under `key`, creating or updating its node.
  ///
  /// Fast path: a parent usually asks for the same children in the same order, so the i-th
  /// request is first compared with the i-th child of the last render; only on a mismatch is the
  /// lookup table built.
  final func renderChild<C: Workflow>(
    _ workflow: C,
    key: String,
    outputHandler: ((C.Output) -> Void)?,
    outputInterceptor: ((inout C.State, C.Output) -> C.Output?)?
  ) -> C.Rendering {
    let typeID = ObjectIdentifier(C.self)
    let index = nextChildren.count
    let child: WorkflowNode<C>
    if index < children.count, children[index].typeID == typeID, children[index].key == key {
      let existing = children[index].node
      if existing.claimedBy == renderNumber { duplicateChild(C.self, key: key) }
      child = unsafeDowncast(existing, to: WorkflowNode<C>.self)
      child.update(workflow: workflow)
    } else {
      child = lookUpOrMakeChild(workflow, typeID: typeID, key: key)
    }
    child.claimedBy = renderNumber
    nextChildren.append(ChildSlot(typeID: typeID, key: key, node: child))
    child.outputHandler = outputHandler
    child.outputInterceptor = outputInterceptor
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
    if !children.isEmpty {
      for slot in children where slot.node.claimedBy != renderNumber {
        slot.node.tearDown()
      }
    }
    swap(&children, &nextChildren)
    nextChildren.removeAll(keepingCapacity: true)
    if isChildLookupBuilt {
      childLookup.removeAll()
      isChildLookupBuilt = false
    }
  }
}
