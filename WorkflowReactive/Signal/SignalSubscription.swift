// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// One observer's membership in a signal core; disposing it removes the observer.
///
/// It is not generic: a core's observer list and the disposal path then need no type metadata
/// of the signal's value type, and disposing through `any Disposable` stays cheap.
@usableFromInline
package final class SignalSubscription: Disposable, @unchecked Sendable {
  /// The core an observer belongs to, which a disposed subscription removes itself from.
  @usableFromInline
  protocol Owner: AnyObject, Sendable {
    /// Removes `subscription` from the observers, waiting for a delivery on another thread.
    func remove(_ subscription: SignalSubscription)

    /// Returns once no other thread is delivering an event of the owner.
    func waitForDelivery()
  }

  @usableFromInline let active = Synchronization.Atomic<Bool>(true)
  // The core keeps its subscriptions until they end, so this reference is a cycle only while
  // the observer is attached. The observer itself is in the core's list (SignalObserverList),
  // not here: a disposable kept after the subscription ended keeps nothing the observer captures
  // alive.
  let core: any Owner

  @usableFromInline
  init(core: any Owner) {
    self.core = core
  }

  @inlinable
  package var isActive: Bool { active.load(ordering: .relaxed) }

  @usableFromInline
  package var isDisposed: Bool { !active.load(ordering: .acquiring) }

  /// Marks the subscription ended by termination. Called holding the core's lock.
  @usableFromInline
  func deactivate() {
    active.store(false, ordering: .releasing)
  }

  @usableFromInline
  package func dispose() {
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
