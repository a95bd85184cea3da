// SPDX-License-Identifier: Apache-2.0

/// A disposable that disposes its inner disposable when it is deinitialized.
///
/// Keep one as a stored property to tie an observation to the owner's lifetime.
public final class ScopedDisposable<Inner: Disposable>: Disposable {
  /// The disposable disposed with this one.
  public let inner: Inner

  /// Creates a scoped disposable for `inner`.
  public init(_ inner: Inner) {
    self.inner = inner
  }

  deinit {
    inner.dispose()
  }

  /// Whether the inner disposable has been disposed.
  public var isDisposed: Bool { inner.isDisposed }

  /// Disposes the inner disposable now.
  public func dispose() { inner.dispose() }
}

extension ScopedDisposable where Inner == AnyDisposable {
  /// Creates a scoped disposable for any disposable, such as the one ``SignalProducer/start(_:)-(Signal<Value,Error>.Observer)``
  /// returns.
  public convenience init(_ disposable: any Disposable) {
    self.init(AnyDisposable(disposable))
  }
}
