// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

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
///
/// Time has two spellings here. ReactiveSwift's: ``currentDate`` is a `Date`, and repetition
/// intervals are `DispatchTimeInterval`s. And the clock's: ``now`` is a
/// `ContinuousClock.Instant`, and intervals are `Duration`s. Both schedule on the same queue; a
/// scheduler written for ReactiveSwift implements the `Date` requirements and gets the clock
/// ones from them.
public protocol DateScheduler: Scheduler {
  /// The scheduler's current date: the time an action scheduled now would run.
  var currentDate: Date { get }

  /// Runs `action` at `date`, or as soon as it can when `date` has passed.
  ///
  /// - Parameters:
  ///   - date: When to run `action`, on this scheduler's calendar.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels `action` if it has not started yet.
  @discardableResult
  func schedule(after date: Date, action: @escaping () -> Void) -> (any Disposable)?

  /// Runs `action` at `date`, then every `interval` until disposed.
  ///
  /// - Parameters:
  ///   - date: When the first run is due.
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: How late each run may be, which lets the system coalesce timers.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  func schedule(
    after date: Date,
    interval: DispatchTimeInterval,
    leeway: DispatchTimeInterval,
    action: @escaping () -> Void
  ) -> (any Disposable)?

  /// The scheduler's clock: the instant an action scheduled now would run.
  ///
  /// The same moment as ``currentDate``, on the clock the time operators use.
  var now: ContinuousClock.Instant { get }

  /// Runs `action` at `instant`, or as soon as it can when `instant` has passed.
  ///
  /// - Parameters:
  ///   - instant: When to run `action`, on this scheduler's clock (``now``).
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels `action` if it has not started yet.
  @discardableResult
  func schedule(after instant: ContinuousClock.Instant, action: @escaping () -> Void)
    -> (any Disposable)?

  /// Runs `action` at `instant`, then every `interval` until disposed.
  ///
  /// - Parameters:
  ///   - instant: When the first run is due, on this scheduler's clock (``now``).
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: How late each run may be, which lets the system coalesce timers.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  func schedule(
    after instant: ContinuousClock.Instant,
    interval: Duration,
    leeway: Duration,
    action: @escaping () -> Void
  ) -> (any Disposable)?
}

// A scheduler written against ReactiveSwift's protocol gets the clock requirements from its
// `Date` ones: its dates stand for instants at a fixed offset.
extension DateScheduler {
  /// The instant that ``currentDate`` stands for.
  public var now: ContinuousClock.Instant {
    SchedulerTime.instant(for: currentDate)
  }

  /// Runs `action` at the date that `instant` stands for.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet.
  @discardableResult
  public func schedule(after instant: ContinuousClock.Instant, action: @escaping () -> Void)
    -> (any Disposable)?
  {
    schedule(after: SchedulerTime.date(for: instant), action: action)
  }

  /// Runs `action` at the date that `instant` stands for, then every `interval`.
  ///
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  public func schedule(
    after instant: ContinuousClock.Instant,
    interval: Duration,
    leeway: Duration,
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    schedule(
      after: SchedulerTime.date(for: instant),
      interval: SchedulerTime.dispatchInterval(interval),
      leeway: SchedulerTime.dispatchInterval(leeway),
      action: action)
  }
}
