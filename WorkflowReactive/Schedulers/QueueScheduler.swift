// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

/// A date scheduler that runs actions on a serial dispatch queue.
///
/// Actions run one at a time, in the order they become due. Timers are dispatch timers, so a
/// date is honoured to within the system's timer precision plus the leeway asked for. Each
/// scheduler makes its own serial queue unless it is ``main``.
public final class QueueScheduler: DateScheduler {
  /// A scheduler that always enqueues on the main queue, never running an action inline.
  public static let main = QueueScheduler(serialQueue: .main)

  /// The serial queue the actions run on.
  public let queue: DispatchQueue

  private init(serialQueue: DispatchQueue) {
    queue = serialQueue
  }

  /// Creates a scheduler over a new serial queue.
  ///
  /// - Parameters:
  ///   - qos: The quality of service the actions run at.
  ///   - name: The queue's label, shown by debuggers and crash reports.
  ///   - target: A queue the new queue submits its work to; the actions still run serially.
  public convenience init(
    qos: DispatchQoS = .default,
    name: String = "WorkflowReactive.QueueScheduler",
    targeting target: DispatchQueue? = nil
  ) {
    self.init(serialQueue: DispatchQueue(label: name, qos: qos, target: target))
  }

  /// The current time of the continuous clock.
  public var now: ContinuousClock.Instant { .now }

  /// The current wall-clock date, `Date()`.
  public var currentDate: Date { Date() }

  /// Enqueues `action` on the queue.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    let disposable = AnyDisposable()
    let work = UncheckedSendable(action)
    queue.async {
      if !disposable.isDisposed { work.value() }
    }
    return disposable
  }

  /// Runs `action` on the queue at `instant`, or as soon as it can when `instant` has passed.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet.
  @discardableResult
  public func schedule(after instant: ContinuousClock.Instant, action: @escaping () -> Void)
    -> (any Disposable)?
  {
    let disposable = AnyDisposable()
    let work = UncheckedSendable(action)
    queue.asyncAfter(deadline: dispatchTime(for: instant)) {
      if !disposable.isDisposed { work.value() }
    }
    return disposable
  }

  /// Runs `action` on the queue at the wall-clock `date`, or as soon as it can when `date` has
  /// passed.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet.
  @discardableResult
  public func schedule(after date: Date, action: @escaping () -> Void) -> (any Disposable)? {
    schedule(after: instant(for: date), action: action)
  }

  /// Runs `action` on the queue at `instant`, then every `interval` until disposed.
  ///
  /// - Parameters:
  ///   - instant: When the first run is due.
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: How late each run may be, which lets the system coalesce timers.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the timer.
  @discardableResult
  public func schedule(
    after instant: ContinuousClock.Instant,
    interval: Duration,
    leeway: Duration,
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    precondition(
      interval > .zero,
      "QueueScheduler: repeating interval \(interval) is not positive; pass an interval > 0.")
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(
      deadline: dispatchTime(for: instant),
      repeating: SchedulerTime.dispatchInterval(interval),
      leeway: SchedulerTime.dispatchInterval(max(leeway, .zero)))
    // The handler keeps the timer alive until it is cancelled, even when the caller drops the
    // disposable; cancelling releases the handler and so breaks the cycle.
    timer.setEventHandler { [timer] in
      withExtendedLifetime(timer) { action() }
    }
    timer.resume()
    return AnyDisposable { timer.cancel() }
  }

  /// Runs `action` on the queue at the wall-clock `date`, then every `interval` until disposed,
  /// each run allowed to be a tenth of `interval` late.
  ///
  /// - Returns: A disposable that stops the timer.
  @discardableResult
  public func schedule(
    after date: Date,
    interval: DispatchTimeInterval,
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    let interval = SchedulerTime.length(
      of: interval, in: "QueueScheduler.schedule(after:interval:)")
    return schedule(
      after: instant(for: date), interval: interval, leeway: interval / 10, action: action)
  }

  /// Runs `action` on the queue at the wall-clock `date`, then every `interval` until disposed.
  ///
  /// - Parameters:
  ///   - date: When the first run is due.
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: How late each run may be, which lets the system coalesce timers.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the timer.
  @discardableResult
  public func schedule(
    after date: Date,
    interval: DispatchTimeInterval,
    leeway: DispatchTimeInterval,
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    let operation = "QueueScheduler.schedule(after:interval:leeway:)"
    return schedule(
      after: instant(for: date),
      interval: SchedulerTime.length(of: interval, in: operation),
      leeway: SchedulerTime.length(of: leeway, in: operation),
      action: action)
  }

  // Wall-clock dates become instants through their distance from now.
  private func instant(for date: Date) -> ContinuousClock.Instant {
    ContinuousClock.now + duration(seconds: date.timeIntervalSinceNow, in: "QueueScheduler")
  }

  private func dispatchTime(for instant: ContinuousClock.Instant) -> DispatchTime {
    // Dispatch and the continuous clock may count from different origins, so convert through
    // the delay rather than the absolute time.
    let delay = ContinuousClock.now.duration(to: instant)
    return delay > .zero ? .now() + SchedulerTime.dispatchInterval(delay) : .now()
  }
}
