// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Synchronization

/// A date scheduler on virtual time, for testing time-based code without waiting.
///
/// Nothing runs until the test moves the clock with ``advance()``, `advance(by:)`,
/// `advance(to:)` or ``run()``. Actions then run on the advancing thread in the order of their
/// dates; actions due at the same instant run in the order they were scheduled. Actions that
/// the running ones schedule within the window run in the same advance. While an action runs,
/// ``currentDate`` is that action's date; after the advance it is the target date.
///
/// ```swift
/// let scheduler = TestScheduler()
/// var fired = false
/// scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(2)) {
///   fired = true
/// }
/// scheduler.advance(by: .seconds(1))  // fired == false
/// scheduler.advance(by: .seconds(1))  // fired == true
/// ```
///
/// The clock reads as a `Date` (``currentDate``) or as a `ContinuousClock.Instant` (``now``);
/// intervals are `DispatchTimeInterval`s, `Duration`s or seconds. All of them move the same
/// virtual time.
///
/// Scheduling and cancelling are safe from any thread; drive the clock from one thread at a time.
///
/// A scripted session that must not wait for work due at once (a zero delay, a debounce of
/// nothing) makes the scheduler with `runsDueActionsImmediately: true`: such work then runs
/// as it is scheduled, and only work in the future waits for the clock.
public final class TestScheduler: DateScheduler {
  private struct Entry {
    let job: Job
    let date: ContinuousClock.Instant
  }

  private struct State {
    var now: ContinuousClock.Instant
    // Sorted by (date, order), so the next action to run is first.
    var queue: [Entry] = []
  }

  private let state: Locked<State>

  /// Whether an action due at the current virtual time runs as it is scheduled rather than on
  /// the next advance.
  public let runsDueActionsImmediately: Bool

  /// Creates a scheduler whose virtual clock starts at `startDate`.
  ///
  /// - Parameters:
  ///   - startDate: The initial ``currentDate``; the reference date (1 January 2001) by
  ///     default, as in ReactiveSwift. Only differences between dates matter to the scheduler.
  ///   - runsDueActionsImmediately: When `true`, an action scheduled with ``schedule(_:)`` or
  ///     for a date that is not in the future runs at once, on the scheduling thread, before
  ///     `schedule` returns; repeating actions and future dates still wait for the clock. When
  ///     `false` (the default), nothing runs until the clock is advanced.
  public convenience init(
    startDate: Date = Date(timeIntervalSinceReferenceDate: 0),
    runsDueActionsImmediately: Bool = false
  ) {
    self.init(
      startDate: SchedulerTime.instant(for: startDate),
      runsDueActionsImmediately: runsDueActionsImmediately)
  }

  /// Creates a scheduler whose virtual clock starts at the instant `startDate`.
  ///
  /// - Parameters:
  ///   - startDate: The initial ``now``.
  ///   - runsDueActionsImmediately: Whether work due at once runs as it is scheduled; see
  ///     ``init(startDate:runsDueActionsImmediately:)-(Date,_)``.
  public init(startDate: ContinuousClock.Instant, runsDueActionsImmediately: Bool = false) {
    state = Locked(State(now: startDate))
    self.runsDueActionsImmediately = runsDueActionsImmediately
  }

  /// The virtual time: the instant of the running action, or where the last advance stopped.
  public var now: ContinuousClock.Instant {
    state.withLock { $0.now }
  }

  /// The virtual date: the date of the running action, or where the last advance stopped.
  public var currentDate: Date {
    SchedulerTime.date(for: now)
  }

  /// Runs `action` at the current virtual time: on the next advance, or at once when
  /// ``runsDueActionsImmediately``.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet; `nil` when it
  ///   ran at once.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    if runsDueActionsImmediately {
      action()
      return nil
    }
    return enqueue(Job(action: action, interval: nil), at: nil)
  }

  /// Runs `action` once the virtual clock reaches `instant`; at once when `instant` is not in
  /// the future and ``runsDueActionsImmediately``.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet; `nil` when it
  ///   ran at once.
  @discardableResult
  public func schedule(after instant: ContinuousClock.Instant, action: @escaping () -> Void)
    -> (any Disposable)?
  {
    if runsDueActionsImmediately, instant <= now {
      action()
      return nil
    }
    return enqueue(Job(action: action, interval: nil), at: instant)
  }

  /// Runs `action` once the virtual clock reaches `date`.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet; `nil` when it
  ///   ran at once.
  @discardableResult
  public func schedule(after date: Date, action: @escaping () -> Void) -> (any Disposable)? {
    schedule(after: SchedulerTime.instant(for: date), action: action)
  }

  /// Runs `action` once the virtual clock has moved `delay` past the current virtual time.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet; `nil` when it
  ///   ran at once.
  @discardableResult
  public func schedule(after delay: DispatchTimeInterval, action: @escaping () -> Void)
    -> (any Disposable)?
  {
    let delay = SchedulerTime.length(of: delay, in: "TestScheduler.schedule(after:action:)")
    return schedule(after: now + delay, action: action)
  }

  /// Runs `action` once the virtual clock reaches `instant`, then every `interval` until
  /// disposed.
  ///
  /// Each run is due exactly `interval` after the previous one's due date; `leeway` is ignored.
  ///
  /// - Parameters:
  ///   - instant: The virtual time at which the first run is due.
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: Ignored: virtual time is never late.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  public func schedule(
    after instant: ContinuousClock.Instant,
    interval: Duration,
    leeway: Duration,
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    precondition(
      interval > .zero,
      "TestScheduler: repeating interval \(interval) is not positive; pass an interval > 0.")
    return enqueue(Job(action: action, interval: interval), at: instant)
  }

  /// Runs `action` once the virtual clock reaches `date`, then every `interval` until disposed.
  ///
  /// - Parameters:
  ///   - date: The virtual date at which the first run is due.
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: Ignored: virtual time is never late.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  public func schedule(
    after date: Date,
    interval: DispatchTimeInterval,
    leeway: DispatchTimeInterval = .seconds(0),
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    schedule(
      after: SchedulerTime.instant(for: date),
      interval: SchedulerTime.length(of: interval, in: "TestScheduler.schedule(after:interval:)"),
      leeway: .zero,
      action: action)
  }

  /// Runs `action` once the virtual clock has moved `delay` past the current virtual time, then
  /// every `interval` until disposed.
  ///
  /// - Parameters:
  ///   - delay: How far from the current virtual time the first run is due.
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: Ignored: virtual time is never late.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  public func schedule(
    after delay: DispatchTimeInterval,
    interval: DispatchTimeInterval,
    leeway: DispatchTimeInterval = .seconds(0),
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    let operation = "TestScheduler.schedule(after:interval:)"
    return schedule(
      after: now + SchedulerTime.length(of: delay, in: operation),
      interval: SchedulerTime.length(of: interval, in: operation),
      leeway: .zero,
      action: action)
  }

  // MARK: Advancing

  /// Runs the actions due at the current virtual time, without moving the clock.
  public func advance() {
    advance(to: now)
  }

  /// Moves the virtual clock forward by `interval`, running every action due on the way.
  ///
  /// - Parameter interval: How far to move; must not be negative.
  public func advance(by interval: DispatchTimeInterval) {
    advance(by: SchedulerTime.length(of: interval, in: "TestScheduler.advance(by:)"))
  }

  /// Moves the virtual clock forward by `interval`, running every action due on the way.
  ///
  /// Where both spellings fit (`.seconds(1)`), the `DispatchTimeInterval` one is chosen; they
  /// mean the same time.
  ///
  /// - Parameter interval: How far to move; must not be negative.
  @_disfavoredOverload
  public func advance(by interval: Duration) {
    precondition(
      interval >= .zero,
      "TestScheduler: cannot advance by \(interval); virtual time only moves forward.")
    advance(to: now + interval)
  }

  /// Moves the virtual clock forward by `interval` seconds, running every action due on the way.
  ///
  /// - Parameter interval: How many seconds to move; must not be negative.
  public func advance(by interval: TimeInterval) {
    advance(by: duration(seconds: interval, in: "TestScheduler.advance(by:)"))
  }

  /// Moves the virtual clock to `date`, running every action due up to and including it.
  ///
  /// A `date` in the past runs the actions already due and leaves the clock where it is.
  public func advance(to date: Date) {
    advance(to: SchedulerTime.instant(for: date))
  }

  /// Moves the virtual clock to `instant`, running every action due up to and including it.
  ///
  /// An `instant` in the past runs the actions already due and leaves the clock where it is.
  public func advance(to instant: ContinuousClock.Instant) {
    let target = max(instant, now)
    while runNext(dueBy: target) {}
    state.withLock { $0.now = max($0.now, target) }
  }

  /// Moves the virtual clock back by `interval` without running anything, as when the user
  /// changes the device's date.
  ///
  /// Actions keep their dates, so those now in the future wait for the clock again.
  ///
  /// - Parameter interval: How far to move back; must not be negative.
  public func rewind(by interval: DispatchTimeInterval) {
    let interval = SchedulerTime.length(of: interval, in: "TestScheduler.rewind(by:)")
    precondition(
      interval >= .zero,
      "TestScheduler: cannot rewind by \(interval); pass zero or more.")
    state.withLock { $0.now = $0.now - interval }
  }

  /// Runs actions until none is left except repeating ones.
  ///
  /// The clock moves to the date of each action as it runs, so repeating actions that fall due
  /// before the last one-off action also run; afterwards only repeating actions (timers) remain,
  /// which would otherwise never let `run()` return. Advance by an interval to drive them.
  ///
  /// Work that never ends, such as a timer that schedules a one-off action on every tick, traps
  /// after a million actions.
  public func run() {
    var ran = 0
    while let last = state.withLock({ $0.queue.last(where: { $0.job.interval == nil })?.date }) {
      while runNext(dueBy: last) {
        ran += 1
        precondition(
          ran < 1_000_000,
          """
          TestScheduler.run() ran a million actions and still has one-off work queued: something \
          keeps scheduling. Drive it with advance(by:) instead.
          """)
      }
    }
  }

  // MARK: Queue

  /// Runs the first action due by `date`, moving the clock to its date.
  ///
  /// - Returns: Whether an action ran.
  private func runNext(dueBy date: ContinuousClock.Instant) -> Bool {
    let job: Job? = state.withLock { state in
      guard let first = state.queue.first, first.date <= date else { return nil }
      state.queue.removeFirst()
      state.now = max(state.now, first.date)
      if let interval = first.job.interval {
        // Queued again before running, so the action can cancel its own repetition.
        insert(first.job, at: first.date + interval, into: &state)
      }
      return first.job
    }
    guard let job else { return false }
    // Run outside the lock: the action may schedule, cancel, or read the clock.
    if !job.isCancelled.load(ordering: .acquiring) { job.action() }
    return true
  }

  private func enqueue(_ job: Job, at date: ContinuousClock.Instant?) -> any Disposable {
    state.withLock { state in
      insert(job, at: max(date ?? state.now, state.now), into: &state)
    }
    return AnyDisposable { [weak self, job] in
      job.isCancelled.store(true, ordering: .releasing)
      self?.state.withLock { state in
        state.queue.removeAll { $0.job === job }
      }
    }
  }

  private func insert(_ job: Job, at date: ContinuousClock.Instant, into state: inout State) {
    // Entries later than `date` come after it; equal dates keep their scheduling order.
    var low = 0
    var high = state.queue.count
    while low < high {
      let middle = (low + high) / 2
      if state.queue[middle].date <= date { low = middle + 1 } else { high = middle }
    }
    state.queue.insert(Entry(job: job, date: date), at: low)
  }

  /// One scheduled action; repeating ones are queued again after each run.
  private final class Job: @unchecked Sendable {
    let action: () -> Void
    let interval: Duration?
    // Set on disposal, so an action taken off the queue by another thread does not start.
    let isCancelled = Synchronization.Atomic<Bool>(false)

    init(action: @escaping () -> Void, interval: Duration?) {
      self.action = action
      self.interval = interval
    }
  }
}
