// SPDX-License-Identifier: Apache-2.0

/// The span during which an object or a piece of work is alive.
///
/// Attach clean-up to a lifetime with ``observeEnded(_:)`` or `+=`; it runs once, when the
/// lifetime ends. Make a lifetime for your own object with ``make()`` and keep its token in a
/// stored property: the lifetime ends when the token is deinitialized.
///
/// ```swift
/// final class Store {
///   let lifetime: Lifetime
///   private let token: Lifetime.Token
///   init() { (lifetime, token) = Lifetime.make() }
/// }
/// ```
public final class Lifetime: Sendable {
  private let disposables: CompositeDisposable

  @usableFromInline
  package init(_ disposables: CompositeDisposable) {
    self.disposables = disposables
  }

  /// A lifetime that has already ended.
  public static var empty: Lifetime {
    let lifetime = Lifetime(CompositeDisposable())
    lifetime.end()
    return lifetime
  }

  /// Makes a lifetime that ends when the returned token is deinitialized.
  public static func make() -> (lifetime: Lifetime, token: Token) {
    let disposables = CompositeDisposable()
    return (Lifetime(disposables), Token(disposables))
  }

  /// Whether the lifetime has ended.
  public var hasEnded: Bool { disposables.isDisposed }

  /// Runs `action` when the lifetime ends, or at once when it already has.
  ///
  /// - Returns: A disposable that cancels the observation, or `nil` when the lifetime had
  ///   already ended.
  @discardableResult
  public func observeEnded(_ action: @escaping () -> Void) -> (any Disposable)? {
    disposables.add(action)
  }

  /// Disposes `disposable` when `lifetime` ends.
  public static func += (lifetime: Lifetime, disposable: (any Disposable)?) {
    lifetime.disposables.add(disposable)
  }

  /// Ends the lifetime now, running its clean-up.
  package func end() {
    disposables.dispose()
  }

  /// Ends a ``Lifetime`` when deinitialized.
  public final class Token: Sendable {
    private let disposables: CompositeDisposable

    fileprivate init(_ disposables: CompositeDisposable) {
      self.disposables = disposables
    }

    /// Ends the lifetime now, without waiting for the token to be deinitialized.
    ///
    /// Calling it again, or deinitializing the token later, does nothing more.
    public func dispose() {
      disposables.dispose()
    }

    deinit {
      disposables.dispose()
    }
  }
}
