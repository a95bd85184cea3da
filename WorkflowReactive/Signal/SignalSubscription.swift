// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// One observer's membership in a signal core; disposing it removes the observer.
///
/// It is not generic: a core's observer list and the disposal path then need no type metadata
/// of the signal's value type, and disposing through `any Disposable` stays cheap.
@usableFromInline
final class SignalSubscription: Disposable, @unchecked Sendable {
  /// The core an observer belongs to, which a disposed subscription removes itself from.
  @usableFromInline
  protocol Owner: AnyObject, Sendable {
    /// Removes `subscription` from the observers, waiting for a delivery on another thread.
    func remove(_ subscription: SignalSubscription)

    /// Returns once no other thread is delivering an event of the owner.
    func waitForDelivery()
  }

  /// The observer, a `Signal<Value, Error>.Observer` of the owner's event type, until the
  /// subscription ends: a disposable kept after that must not keep the observer and what it
  /// captures alive. Accessed holding the owner's lock.
  @exclusivity(unchecked) @usableFromInline private(set) var observer: AnyObject?
  @usableFromInline let active = Synchronization.Atomic<Bool>(true)
  // The core keeps its subscriptions until they end, so this reference is a cycle only while
  // the observer is attached.
  let core: any Owner

  @usableFromInline
  init(core: any Owner, observer: AnyObject) {
    self.core = core
    self.observer = observer
  }

  @inlinable
  var isActive: Bool { active.load(ordering: .relaxed) }

  @usableFromInline
  var isDisposed: Bool { !active.load(ordering: .acquiring) }

  /// Lets go of the observer, returning it. Called holding the owner's lock.
  @usableFromInline
  func takeObserver() -> AnyObject? {
    defer { observer = nil }
    return observer
  }

  /// Marks the subscription ended by termination. Called holding the core's lock.
  @usableFromInline
  func deactivate() {
    active.store(false, ordering: .releasing)
  }

  @usableFromInline
  func dispose() {
    detach()
  }

  /// Disposes the subscription, telling whether this call ended it.
  ///
  /// - Returns: `true` when this call removed the observer (which then receives nothing more),
  ///   `false` when the subscription had already ended, by disposal or by termination.
  @usableFromInline
  @discardableResult
  func detach() -> Bool {
    guard active.exchange(false, ordering: .acquiringAndReleasing) else {
      // Termination deactivates a subscription just before calling its observer, so that call
      // may still be running on another thread: wait for it, as for a value.
      core.waitForDelivery()
      return false
    }
    // Taking the core's lock waits for a delivery in progress on another thread, so that this
    // observer is not called once dispose() has returned.
    core.remove(self)
    return true
  }
}
