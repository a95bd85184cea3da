// SPDX-License-Identifier: Apache-2.0

/// The observers of a signal core in the order they were added, each beside its subscription.
///
/// An entry holds the observer itself, not only its subscription, so that a delivery calls each
/// observer's action borrowed from the list: walking a list the delivery holds costs no
/// reference counting per observer, only the one retain of the list's storage that keeps it
/// valid while observers add and remove observers re-entrantly (see ``SignalCore``).
///
/// It is not generic, like ``SignalSubscription``: disposing an observer reaches the core through
/// a protocol, where generic code would be unspecialized and look up the type metadata of the
/// entries at every step of the search (measured: S4 1,553 -> 4,052 instructions per pair). The
/// core stores only `Signal<Value, Error>.Observer`s of its own event type and reads them back
/// with `unsafeDowncast`.
///
/// The core's lock guards it. Invariant (``checkInvariants(owner:)``): every entry is a
/// subscription of the owning core, listed once.
@usableFromInline
struct SignalObserverList {
  /// An observer and the subscription that detaches it.
  @usableFromInline
  struct Entry {
    @usableFromInline let subscription: SignalSubscription
    /// A `Signal<Value, Error>.Observer` of the owning core's event type.
    @usableFromInline let observer: AnyObject

    @usableFromInline
    init(subscription: SignalSubscription, observer: AnyObject) {
      self.subscription = subscription
      self.observer = observer
    }
  }

  /// The entries, oldest first.
  @usableFromInline private(set) var entries: ContiguousArray<Entry> = []

  @usableFromInline
  init() {}

  /// Whether no observer is attached.
  @inlinable
  var isEmpty: Bool { entries.isEmpty }

  /// The number of attached observers.
  @inlinable
  var count: Int { entries.count }

  /// Adds `observer` under `subscription`, after every other observer.
  @inlinable
  mutating func append(_ observer: AnyObject, for subscription: SignalSubscription) {
    entries.append(Entry(subscription: subscription, observer: observer))
  }

  /// Removes the entry of `subscription`, returning its observer for the caller to release once
  /// it no longer holds the lock; `nil` when it is not listed.
  @usableFromInline
  mutating func remove(_ subscription: SignalSubscription) -> AnyObject? {
    // The newest observers are the likeliest to go first (an observe/dispose pair).
    guard let index = entries.lastIndex(where: { $0.subscription === subscription }) else {
      return nil
    }
    return entries.remove(at: index).observer
  }

  /// Removes every entry, returning them in order.
  @usableFromInline
  mutating func removeAll() -> ContiguousArray<Entry> {
    defer { entries = [] }
    return entries
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
