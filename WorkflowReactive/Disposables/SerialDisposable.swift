// SPDX-License-Identifier: Apache-2.0

/// A disposable that holds one inner disposable at a time, disposing the one it replaces.
public final class SerialDisposable: Disposable {
  private enum State {
    case active((any Disposable)?)
    case disposed
  }

  private let state: Locked<State>

  /// Creates a serial disposable holding `inner`.
  public init(_ inner: (any Disposable)? = nil) {
    state = Locked(.active(inner))
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool {
    state.withLock { if case .disposed = $0 { true } else { false } }
  }

  /// The current inner disposable.
  ///
  /// Setting it disposes the previous one. After the serial disposable was disposed, a new inner
  /// disposable is disposed at once.
  public var inner: (any Disposable)? {
    get { state.withLock { if case .active(let inner) = $0 { inner } else { nil } } }
    set {
      let replaced = state.withLock { state -> (any Disposable)? in
        guard case .active(let old) = state else { return newValue }
        state = .active(newValue)
        return old
      }
      replaced?.dispose()
    }
  }

  /// Disposes the inner disposable and any later one.
  public func dispose() {
    let inner = state.withLock { state -> (any Disposable)? in
      guard case .active(let inner) = state else { return nil }
      state = .disposed
      return inner
    }
    inner?.dispose()
  }
}
