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
///
/// A token can also be made first and its lifetime derived from it:
///
/// ```swift
/// final class Controller {
///   private let token = Lifetime.Token()
///   var lifetime: Lifetime { Lifetime(token) }
/// }
/// ```
public final class Lifetime: Sendable {
  private let disposables: CompositeDisposable
  // What the run of a started producer keeps alive for as long as its start disposable lives.
  private let retainer: RunRetainer?

  @usableFromInline
  package init(_ disposables: CompositeDisposable, retainer: RunRetainer? = nil) {
    self.disposables = disposables
    self.retainer = retainer
  }

  /// Creates the lifetime that `token` ends.
  ///
  /// The lifetime does not keep `token` alive: it ends when `token` is deinitialized or
  /// disposed. Lifetimes made from the same token end together.
  public convenience init(_ token: Token) {
    self.init(token.disposables)
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

  /// A signal that completes when the lifetime ends; it sends no value.
  ///
  /// An observer added after the lifetime ended receives `interrupted`, like any observer of an
  /// ended signal. For a closure, ``observeEnded(_:)`` is simpler.
  public var ended: Signal<Never, Never> {
    Signal { observer, lifetime in
      lifetime += disposables.add { observer.sendCompleted() }
    }
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
  ///
  /// - Returns: A disposable that removes `disposable` from the lifetime without disposing it,
  ///   or `nil` when the lifetime had already ended (and `disposable` has been disposed).
  @discardableResult
  public static func += (lifetime: Lifetime, disposable: (any Disposable)?) -> (any Disposable)? {
    lifetime.disposables.add(disposable)
  }

  /// Keeps `object` alive while someone can still end this lifetime: while the disposable that
  /// started the run lives, or, for a run owned by an operator, until the lifetime ends.
  package func keepAlive(_ object: AnyObject) {
    if let retainer {
      retainer.retain(object)
    } else {
      disposables.add { withExtendedLifetime(object) {} }
    }
  }

  /// Ends the lifetime now, running its clean-up.
  package func end() {
    disposables.dispose()
  }

  /// Ends a ``Lifetime`` when deinitialized.
  public final class Token: Sendable {
    fileprivate let disposables: CompositeDisposable

    /// Creates a token; make its lifetime with ``Lifetime/init(_:)``.
    public convenience init() {
      self.init(CompositeDisposable())
    }

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

/// Holds what a started run needs for as long as the disposable that started it lives.
///
/// ReactiveSwift's interrupt handle keeps the input observer of its run: the run lives until
/// it terminates or is disposed, and is interrupted only once nobody can dispose it any more.
@usableFromInline
package final class RunRetainer: Sendable {
  private let objects = Locked<[AnyObject]>([])

  @usableFromInline
  package init() {}

  fileprivate func retain(_ object: AnyObject) {
    objects.withLock { $0.append(object) }
  }
}

/// The disposable a started producer returns: it interrupts the run, and keeps what the run
/// must keep while someone can still interrupt it.
@usableFromInline
package final class RunHandle: Disposable {
  @usableFromInline let disposables: CompositeDisposable
  @usableFromInline let retainer = RunRetainer()

  @usableFromInline
  package init(_ disposables: CompositeDisposable) {
    self.disposables = disposables
  }

  /// Whether the run was disposed or has ended.
  @usableFromInline
  package var isDisposed: Bool { disposables.isDisposed }

  /// Interrupts the run unless it has ended.
  @usableFromInline
  package func dispose() { disposables.dispose() }
}
