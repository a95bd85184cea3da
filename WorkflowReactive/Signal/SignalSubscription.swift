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
  }

  /// The observer, a `Signal<Value, Error>.Observer` of the owner's event type.
  @usableFromInline let observer: AnyObject
  @usableFromInline let active = Atomic<Bool>(true)
  // The core keeps its subscriptions until they end, so this reference is a cycle only while
  // the observer is attached.
  private let core: any Owner

  @usableFromInline
  init(core: any Owner, observer: AnyObject) {
    self.core = core
    self.observer = observer
  }

  @inlinable
  var isActive: Bool { active.load(ordering: .relaxed) }

  @usableFromInline
  var isDisposed: Bool { !active.load(ordering: .acquiring) }

  /// Marks the subscription ended by termination. Called holding the core's lock.
  @usableFromInline
  func deactivate() {
    active.store(false, ordering: .releasing)
  }

  @usableFromInline
  func dispose() {
    guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
    // Taking the core's lock waits for a delivery in progress on another thread, so that this
    // observer is not called once dispose() has returned.
    core.remove(self)
  }
}
