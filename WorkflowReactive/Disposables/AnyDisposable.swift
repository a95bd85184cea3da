// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// A disposable that runs a closure the first time it is disposed.
public final class AnyDisposable: Disposable {
  private let action: Locked<(() -> Void)?>
  private let disposed = Synchronization.Atomic<Bool>(false)

  /// Creates a disposable that runs `action` once, on first disposal.
  public init(_ action: @escaping () -> Void) {
    self.action = Locked(action)
  }

  /// Creates a disposable that does nothing but remember that it was disposed.
  public init() {
    self.action = Locked(nil)
  }

  /// Creates a disposable that disposes `disposable` when it is disposed.
  public convenience init(_ disposable: some Disposable) {
    self.init { disposable.dispose() }
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool {
    disposed.load(ordering: .acquiring)
  }

  /// Runs the closure, the first time only.
  public func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let action = action.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }
}
