// SPDX-License-Identifier: Apache-2.0

/// A scheduler that runs each action at once, on the calling thread.
///
/// Use it where an API asks for a scheduler but the work should stay synchronous, for example in
/// tests of code that is otherwise given a ``QueueScheduler``.
public final class ImmediateScheduler: Scheduler {
  /// Creates an immediate scheduler.
  public init() {}

  /// Runs `action` before returning.
  ///
  /// - Returns: `nil`: the action has already run, so there is nothing to cancel.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    action()
    return nil
  }
}
