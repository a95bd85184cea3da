// SPDX-License-Identifier: Apache-2.0

/// A disposable that disposes a group of disposables together.
///
/// Disposables added after the group was disposed are disposed at once.
public final class CompositeDisposable: Disposable {
  private enum State {
    case active([any Disposable])
    case disposed
  }

  private let state: Locked<State>

  /// Creates a group holding `disposables`.
  public init(_ disposables: [any Disposable] = []) {
    state = Locked(.active(disposables))
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool {
    state.withLock { if case .disposed = $0 { true } else { false } }
  }

  /// Adds `disposable` to the group.
  ///
  /// - Returns: A disposable that removes `disposable` from the group without disposing it, or
  ///   `nil` when the group was already disposed (and `disposable` has been disposed with it).
  @discardableResult
  public func add(_ disposable: (any Disposable)?) -> (any Disposable)? {
    guard let disposable else { return nil }
    let added = state.withLock { state -> Bool in
      guard case .active(var members) = state else { return false }
      state = .disposed
      members.append(disposable)
      state = .active(members)
      return true
    }
    guard added else {
      disposable.dispose()
      return nil
    }
    return AnyDisposable { [weak self] in self?.remove(disposable) }
  }

  /// Adds a closure to run when the group is disposed.
  @discardableResult
  public func add(_ action: @escaping () -> Void) -> (any Disposable)? {
    add(AnyDisposable(action))
  }

  /// Disposes every member, in the order they were added.
  public func dispose() {
    let members = state.withLock { state -> [any Disposable] in
      guard case .active(let members) = state else { return [] }
      state = .disposed
      return members
    }
    for member in members { member.dispose() }
  }

  private func remove(_ disposable: any Disposable) {
    state.withLock { state in
      guard case .active(var members) = state else { return }
      guard let index = members.lastIndex(where: { $0 === disposable }) else { return }
      state = .disposed
      members.remove(at: index)
      state = .active(members)
    }
  }

  /// Adds `disposable` to `group`.
  ///
  /// - Returns: A disposable that removes `disposable` from `group` without disposing it, or
  ///   `nil` when `group` was already disposed (and `disposable` has been disposed with it).
  @discardableResult
  public static func += (group: CompositeDisposable, disposable: (any Disposable)?)
    -> (any Disposable)?
  {
    group.add(disposable)
  }

  /// Adds a closure to run when `group` is disposed.
  ///
  /// - Returns: A disposable that removes the closure from `group` without running it, or `nil`
  ///   when `group` was already disposed (and the closure has run).
  @discardableResult
  public static func += (group: CompositeDisposable, action: @escaping () -> Void)
    -> (any Disposable)?
  {
    group.add(action)
  }
}
