// SPDX-License-Identifier: Apache-2.0

/// Runs actions, now or later, on some execution context.
///
/// Every scheduler is safe to use from any thread.
public protocol Scheduler: AnyObject, Sendable {
  /// Runs `action` on this scheduler as soon as it can.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet, or `nil` when
  ///   `action` ran before `schedule` returned or cannot be cancelled.
  @discardableResult
  func schedule(_ action: @escaping () -> Void) -> (any Disposable)?
}

/// A scheduler that can run actions at a time: the basis of the time operators.
public protocol DateScheduler: Scheduler {
  /// The scheduler's clock: the time an action scheduled now would run.
  var currentDate: ContinuousClock.Instant { get }

  /// Runs `action` at `date`, or as soon as it can when `date` has passed.
  ///
  /// - Parameters:
  ///   - date: When to run `action`, on this scheduler's clock.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels `action` if it has not started yet.
  @discardableResult
  func schedule(after date: ContinuousClock.Instant, action: @escaping () -> Void)
    -> (any Disposable)?

  /// Runs `action` at `date`, then every `interval` until disposed.
  ///
  /// - Parameters:
  ///   - date: When the first run is due, on this scheduler's clock.
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: How late each run may be, which lets the system coalesce timers.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  func schedule(
    after date: ContinuousClock.Instant,
    interval: Duration,
    leeway: Duration,
    action: @escaping () -> Void
  ) -> (any Disposable)?
}
