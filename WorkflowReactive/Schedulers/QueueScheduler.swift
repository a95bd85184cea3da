// SPDX-License-Identifier: Apache-2.0

import Dispatch

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
  ///   - name: The queue's label, shown by debuggers and crash reports.
  ///   - qos: The quality of service the actions run at.
  ///   - target: A queue the new queue submits its work to; the actions still run serially.
  public convenience init(
    name: String = "WorkflowReactive.QueueScheduler",
    qos: DispatchQoS = .default,
    targeting target: DispatchQueue? = nil
  ) {
    self.init(serialQueue: DispatchQueue(label: name, qos: qos, target: target))
  }

  /// The current time of the continuous clock.
  public var currentDate: ContinuousClock.Instant { .now }

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

  /// Runs `action` on the queue at `date`, or as soon as it can when `date` has passed.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet.
  @discardableResult
  public func schedule(after date: ContinuousClock.Instant, action: @escaping () -> Void)
    -> (any Disposable)?
  {
    let disposable = AnyDisposable()
    let work = UncheckedSendable(action)
    queue.asyncAfter(deadline: dispatchTime(for: date)) {
      if !disposable.isDisposed { work.value() }
    }
    return disposable
  }

  /// Runs `action` on the queue at `date`, then every `interval` until disposed.
  ///
  /// - Parameters:
  ///   - date: When the first run is due.
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: How late each run may be, which lets the system coalesce timers.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the timer.
  @discardableResult
  public func schedule(
    after date: ContinuousClock.Instant,
    interval: Duration,
    leeway: Duration,
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    precondition(
      interval > .zero,
      "QueueScheduler: repeating interval \(interval) is not positive; pass an interval > 0.")
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(
      deadline: dispatchTime(for: date),
      repeating: dispatchInterval(interval),
      leeway: dispatchInterval(max(leeway, .zero)))
    // The handler keeps the timer alive until it is cancelled, even when the caller drops the
    // disposable; cancelling releases the handler and so breaks the cycle.
    timer.setEventHandler { [timer] in
      withExtendedLifetime(timer) { action() }
    }
    timer.resume()
    return AnyDisposable { timer.cancel() }
  }

  private func dispatchTime(for date: ContinuousClock.Instant) -> DispatchTime {
    // Dispatch and the continuous clock may count from different origins, so convert through
    // the delay rather than the absolute time.
    let delay = ContinuousClock.now.duration(to: date)
    return delay > .zero ? .now() + dispatchInterval(delay) : .now()
  }
}

/// `duration` in whole nanoseconds, clamped to what dispatch can represent.
private func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
  let (seconds, attoseconds) = duration.components
  let limit = Int64.max / 1_000_000_000 - 1
  guard seconds < limit else { return .never }
  guard seconds > -limit else { return .nanoseconds(0) }
  return .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
}
