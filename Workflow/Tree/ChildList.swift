// SPDX-License-Identifier: Apache-2.0

/// A node's children in the order of its last render, and the bookkeeping that finds each child
/// the render in progress asks for.
///
/// A parent usually asks for the same children in the same order as last time. While every
/// request matches the next child of the last order, ``claimNextInOrder(typeID:key:)`` only
/// counts matches: nothing is copied, hashed or retained. The first request that does not match
/// makes the list depart from the last order: the matched prefix is copied into the new order and
/// the rest is found with a ``ChildIndex`` (``lookUp(typeID:key:)``). ``finishRender(isClaimed:)``
/// makes the new order the last one and hands back the children the render did not ask for.
///
/// No method calls out of the list, apart from the `isClaimed` test at the end of a render: the
/// owner makes, renders and tears down children between calls, never while one runs, so the
/// owner's field is never accessed twice at once. Generic over the node type so that its tests
/// can use plain objects.
@usableFromInline
package struct ChildList<Node: AnyObject> {
  /// One child: its identity among its siblings (workflow type and key) and its node.
  @usableFromInline
  package struct Slot {
    @usableFromInline package let typeID: ObjectIdentifier
    @usableFromInline package let key: String
    @usableFromInline package let node: Node

    @usableFromInline
    package init(typeID: ObjectIdentifier, key: String, node: Node) {
      self.typeID = typeID
      self.key = key
      self.node = node
    }
  }

  /// The children in the order of the last render. Only the list's methods change it.
  @usableFromInline package var slots: ContiguousArray<Slot> = []
  /// How many leading children the render in progress asked for in the last order.
  @usableFromInline var matchedCount: Int {
    get { Int(storedMatchedCount) }
    set { storedMatchedCount = UInt32(newValue) }
  }
  /// ``matchedCount`` in four bytes, so that it and ``isReordered`` share one word (M1: 8 bytes
  /// per node).
  @usableFromInline var storedMatchedCount: UInt32 = 0
  /// Whether the render in progress departed from the last order; `nextSlots` then holds the
  /// new order.
  @usableFromInline var isReordered = false
  /// The children in the order of the render in progress, once it departed from the last order.
  var nextSlots: ContiguousArray<Slot> = []
  /// Every child of the last render and every new child of this one, by identity; built only
  /// once the render departed from the last order.
  var index = ChildIndex()

  /// The saved entries of children not made yet, when the node was restored from an entry that
  /// had children; each is used once, by the first child that matches it.
  @usableFromInline var pendingRestores: PendingRestores?

  package init() {}

  /// Whether the last render had no children.
  package var isEmpty: Bool { slots.isEmpty }

  /// Whether ``finishRender(isClaimed:)`` has anything to do: the last render had children, or
  /// the render in progress asked for new ones.
  @inlinable
  package var hasRenderToFinish: Bool { !slots.isEmpty || isReordered }

  /// Claims the child at the next position of the last order, when it has this identity.
  ///
  /// Reading the slot through `withUnsafeBufferPointer` instead saved only its bounds check (R2
  /// 0.8%), so the list does not.
  ///
  /// - Returns: The child, unretained: the list keeps it alive until the end of the render.
  ///   `nil` when the list already departed from the last order or the request does not match;
  ///   continue with ``lookUp(typeID:key:)``.
  @inlinable @inline(__always)
  package mutating func claimNextInOrder(typeID: ObjectIdentifier, key: String) -> Unmanaged<Node>?
  {
    guard !isReordered, matchedCount < slots.count else { return nil }
    let position = matchedCount
    guard slots[position].typeID == typeID, slots[position].key == key else { return nil }
    // Cannot wrap: position is below the slots' count, and 2^32 children would take 128 GB of
    // slots alone.
    storedMatchedCount &+= 1
    // The slot is read in place, and the child handed out unretained: the list keeps it alive.
    return Unmanaged.passUnretained(slots[position].node)
  }

  /// Finds the child `(typeID, key)` among the last render's children and the new children of
  /// this render, departing from the last order if the list has not yet.
  ///
  /// A child found here is claimed: append it to the new order with ``appendFound(_:)``. Make a
  /// child that was not found, then append it with ``appendNew(_:tag:)``.
  ///
  /// - Returns: The child, if any, and the hash bits of its identity for ``appendNew(_:tag:)``.
  @usableFromInline
  package mutating func lookUp(typeID: ObjectIdentifier, key: String) -> (node: Node?, tag: UInt32)
  {
    if !isReordered { departFromOrder() }
    let tag = ChildIndex.tag(typeID: typeID, key: key)
    if !index.isBuilt {
      index.build(expected: slots.count + 1)
      for position in slots.indices {
        let slot = slots[position]
        index.insert(
          tag: ChildIndex.tag(typeID: slot.typeID, key: slot.key), reference: .last(position))
      }
    }
    let found = index.first(tag: tag) { reference -> Node? in
      let slot: Slot
      switch reference {
      case .last(let position): slot = slots[position]
      case .next(let position): slot = nextSlots[position]
      }
      return slot.typeID == typeID && slot.key == key ? slot.node : nil
    }
    return (found, tag: tag)
  }

  /// Appends a child that ``lookUp(typeID:key:)`` found to the new order.
  @usableFromInline
  package mutating func appendFound(_ slot: Slot) {
    nextSlots.append(slot)
  }

  /// Appends a child that ``lookUp(typeID:key:)`` did not find, and was made since, to the new
  /// order; `tag` is what the lookup returned.
  @usableFromInline
  package mutating func appendNew(_ slot: Slot, tag: UInt32) {
    index.insert(tag: tag, reference: .next(nextSlots.count))
    nextSlots.append(slot)
  }

  /// Copies the children matched so far into the new order, which from now on collects every
  /// request of the render.
  private mutating func departFromOrder() {
    nextSlots.reserveCapacity(slots.count)
    nextSlots.append(contentsOf: slots[..<matchedCount])
    isReordered = true
  }

  /// Ends the render: its order becomes the last one.
  ///
  /// - Parameter isClaimed: Whether the render asked for a child of the last order; called only
  ///   when the render departed from that order.
  /// - Returns: The children of the last order that the render did not ask for, in that order,
  ///   for the caller to tear down.
  @usableFromInline
  package mutating func finishRender(isClaimed: (Node) -> Bool) -> ContiguousArray<Node> {
    var removed: ContiguousArray<Node> = []
    if !isReordered {
      if matchedCount < slots.count {
        removed.reserveCapacity(slots.count - matchedCount)
        for slot in slots[matchedCount...] { removed.append(slot.node) }
        slots.removeSubrange(matchedCount...)
      }
    } else {
      for slot in slots where !isClaimed(slot.node) { removed.append(slot.node) }
      swap(&slots, &nextSlots)
      nextSlots.removeAll(keepingCapacity: true)
      isReordered = false
    }
    matchedCount = 0
    index.reset()
    return removed
  }

  /// Forgets every child and the index's memory, when the owner leaves the tree.
  package mutating func removeAll() {
    // Most owners are leaves: skipping what is empty keeps a teardown of many of them from
    // resetting storage that was never allocated.
    if !slots.isEmpty { slots = [] }
    if nextSlots.capacity > 0 { nextSlots = [] }
    index.release()
    pendingRestores = nil
  }

  /// Takes the pending saved entry for a child of type `typeName` under `key`, if any.
  mutating func takePendingRestore(typeName: String, key: String) -> RestoreEntry? {
    guard let pending = pendingRestores, let entry = pending.take(typeName: typeName, key: key)
    else { return nil }
    if pending.isEmpty { pendingRestores = nil }
    return entry
  }

  /// Traps when the list is inconsistent between renders; compiled in debug builds only.
  ///
  /// Outside a render the bookkeeping of the last one is reset, and no two children share an
  /// identity.
  ///
  /// - Parameter owner: Names the owning node in the messages.
  package func checkInvariants(owner: @autoclosure () -> String) {
    #if DEBUG
      precondition(
        !isReordered && matchedCount == 0 && nextSlots.isEmpty && !index.isBuilt,
        "\(owner()): the child bookkeeping of a render was not reset after it")
      index.checkInvariants()
      var identities = Set<ChildIdentity>()
      identities.reserveCapacity(slots.count)
      for slot in slots {
        precondition(
          identities.insert(ChildIdentity(typeID: slot.typeID, key: slot.key)).inserted,
          "\(owner()) has two children with key \"\(slot.key)\" of one type")
      }
    #endif
  }
}

/// A child's identity among its siblings: its workflow type and key.
struct ChildIdentity: Hashable {
  let typeID: ObjectIdentifier
  let key: String
}
