// SPDX-License-Identifier: Apache-2.0

/// What every copy of a ``Signal`` made by a generator or a pipe holds: when the last copy goes
/// away, the signal can no longer gain observers, so once it has none it is disposed.
///
/// ReactiveSwift disposes a signal that nobody observes or holds; a `Signal` here is a value,
/// so the copies share this object to tell when they are all gone.
@usableFromInline
package final class SignalShell: Sendable {
  /// The core a shell belongs to.
  @usableFromInline
  protocol Owner: AnyObject, Sendable {
    /// Called once, when the last copy of the signal has gone away.
    func shellReleased()
  }

  private let owner: any Owner

  @usableFromInline
  init(_ owner: any Owner) {
    self.owner = owner
  }

  deinit {
    owner.shellReleased()
  }
}
