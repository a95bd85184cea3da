// SPDX-License-Identifier: Apache-2.0

/// The observers of a signal core in the order they were added, each beside its subscription.
///
/// An entry holds the observer itself, not only its subscription, so that a delivery calls each
/// observer's action borrowed from the list.
///
/// It is not generic, like ``SignalSubscription``: disposing an observer reaches the core through
/// a protocol, where generic code would be unspecialized and look up the type metadata of the
/// entries at every step of the search (measured: S4 1,553 -> 4,052 instructions per pair). The
/// core stores only `Signal<Value, Error>.Observer`s of its own event type and reads them back
/// with `unsafeDowncast`.
///
/// A delivery walks the entries without reference counting (``ObserverWalk``) while observers
/// add and remove observers re-entrantly: between ``beginWalk()`` and ``endWalk()`` the list
/// never changes the walked storage in place. Its first change during a walk sets that storage
/// aside (`walkedStorage`) and changes a copy; the storage set aside, and the observers removed
/// with it, are released when the walk ends, still inside the delivery.
///
/// The core's lock guards it. Invariants (``checkInvariants(owner:)``): every entry is a
/// subscription of the owning core, listed once; storage is set aside only during a walk.
@usableFromInline
package struct SignalObserverList {
  /// An observer and the subscription that detaches it.
  @usableFromInline
  package struct Entry {
    @usableFromInline package let subscription: SignalSubscription
    /// A `Signal<Value, Error>.Observer` of the owning core's event type.
    @usableFromInline package let observer: AnyObject

    @usableFromInline
    init(subscription: SignalSubscription, observer: AnyObject) {
      self.subscription = subscription
      self.observer = observer
    }
  }

  /// The entries, oldest first.
  @usableFromInline private(set) var entries: ContiguousArray<Entry> = []
  /// How many walks are under way (more than one only for a delivery nested in another).
  @usableFromInline var walkDepth = 0
  /// The storage the outermost walk reads, once the list has changed during it.
  @usableFromInline var walkedStorage: ContiguousArray<Entry>?
  /// The storage each nested walk reads, innermost last.
  @usableFromInline var nestedWalksStorage: ContiguousArray<ContiguousArray<Entry>> = []

  @usableFromInline
  package init() {}

  /// Whether no observer is attached.
  @inlinable
  package var isEmpty: Bool { entries.isEmpty }

  /// The number of attached observers.
  @inlinable
  package var count: Int { entries.count }

  /// Whether a walk is under way.
  @inlinable
  package var isWalking: Bool { walkDepth > 0 }

  /// Adds `observer` under `subscription`, after every other observer.
  @inlinable
  package mutating func append(_ observer: AnyObject, for subscription: SignalSubscription) {
    setWalkedStorageAside()
    entries.append(Entry(subscription: subscription, observer: observer))
  }

  /// Removes the entry of `subscription`, returning its observer for the caller to release once
  /// it no longer holds the lock; `nil` when it is not listed.
  @usableFromInline
  package mutating func remove(_ subscription: SignalSubscription) -> AnyObject? {
    // The newest observers are the likeliest to go first (an observe/dispose pair).
    guard let index = entries.lastIndex(where: { $0.subscription === subscription }) else {
      return nil
    }
    setWalkedStorageAside()
    return entries.remove(at: index).observer
  }

  /// Removes every entry, returning them in order.
  @usableFromInline
  package mutating func removeAll() -> ContiguousArray<Entry> {
    setWalkedStorageAside()
    defer { entries = [] }
    return entries
  }

  // MARK: Walking

  /// Starts a walk over the entries as they are now; end it with ``endWalk()``.
  ///
  /// Until then the list never changes the storage it returns in place, nor releases it.
  @inlinable
  package mutating func beginWalk() -> ObserverWalk {
    // Wrapping: nested walks are bounded by the stack, far below overflow.
    walkDepth &+= 1
    // The buffer outlives the closure below because the list holds its storage, in `entries`
    // or, once changed, in `walkedStorage`, until the walk ends; and nothing writes to it,
    // because a change copies it first (setWalkedStorageAside() keeps a second reference).
    if _slowPath(walkDepth > 1) { keepStorageForNestedWalk() }
    return ObserverWalk(entries: entries.withUnsafeBufferPointer { $0 })
  }

  // Out of line, like the other rare steps of a walk, so that the common one inlines small.
  @usableFromInline @inline(never)
  mutating func keepStorageForNestedWalk() {
    // `walkedStorage` keeps only the outermost walk's storage.
    nestedWalksStorage.append(entries)
  }

  /// Ends the walk begun last.
  ///
  /// - Returns: The storage the list kept for the walk, when it no longer holds it otherwise
  ///   (with the observers removed meanwhile), for the caller to release; usually `nil`.
  @inlinable
  package mutating func endWalk() -> ContiguousArray<Entry>? {
    #if DEBUG
      precondition(walkDepth > 0, "SignalObserverList.endWalk(): no walk is under way.")
    #endif
    walkDepth &-= 1
    guard _slowPath(walkDepth > 0 || walkedStorage != nil) else { return nil }
    return takeKeptStorage()
  }

  @usableFromInline @inline(never)
  mutating func takeKeptStorage() -> ContiguousArray<Entry>? {
    if walkDepth > 0 { return nestedWalksStorage.removeLast() }
    defer { walkedStorage = nil }
    return walkedStorage
  }

  /// Keeps the storage the outermost walk reads before the first change during the walk, so
  /// that the change copies it instead of writing to it.
  @inlinable
  mutating func setWalkedStorageAside() {
    if _slowPath(walkDepth > 0), walkedStorage == nil { walkedStorage = entries }
  }
}

extension SignalObserverList {
  #if DEBUG
    /// Traps unless every entry is a subscription of `owner`, listed once.
    func checkInvariants(owner: AnyObject) {
      if let violation = invariantViolation(owner: owner) {
        preconditionFailure(
          "SignalObserverList is inconsistent: \(violation).")
      }
    }

    /// The first broken rule of the list owned by `owner`, or `nil` when there is none.
    func invariantViolation(owner: AnyObject) -> String? {
      if walkedStorage != nil, walkDepth == 0 {
        return "it keeps the storage of a walk that has ended"
      }
      if nestedWalksStorage.count != max(walkDepth - 1, 0) {
        return "it keeps the storage of \(nestedWalksStorage.count) nested walk(s) during "
          + "\(walkDepth) walk(s)"
      }
      var seen = Set<ObjectIdentifier>()
      for (index, entry) in entries.enumerated() {
        if entry.subscription.core !== owner {
          return "observer \(index) is a subscription of another signal"
        }
        if !seen.insert(ObjectIdentifier(entry.subscription)).inserted {
          return "observer \(index) is listed twice"
        }
      }
      return nil
    }
  #endif
}
