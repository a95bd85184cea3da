// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// A date scheduler on virtual time, for testing time-based code without waiting.
///
/// Nothing runs until the test moves the clock with ``advance()``, ``advance(by:)``,
/// ``advance(to:)`` or ``run()``. Actions then run on the advancing thread in the order of their
/// dates; actions due at the same instant run in the order they were scheduled. Actions that the
/// running ones schedule within the window run in the same advance. While an action runs,
/// ``currentDate`` is that action's date; after the advance it is the target date.
///
/// ```swift
/// let scheduler = TestScheduler()
/// var fired = false
/// scheduler.schedule(after: scheduler.currentDate + .seconds(2)) { fired = true }
/// scheduler.advance(by: .seconds(1))  // fired == false
/// scheduler.advance(by: .seconds(1))  // fired == true
/// ```
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
  ///   - startDate: The initial ``currentDate``; the real time now by default. Only
  ///     differences between dates matter to the scheduler.
  ///   - runsDueActionsImmediately: When `true`, an action scheduled with ``schedule(_:)`` or
  ///     for a date that is not in the future runs at once, on the scheduling thread, before
  ///     `schedule` returns; repeating actions and future dates still wait for the clock. When
  ///     `false` (the default), nothing runs until the clock is advanced.
  public init(startDate: ContinuousClock.Instant = .now, runsDueActionsImmediately: Bool = false) {
    state = Locked(State(now: startDate))
    self.runsDueActionsImmediately = runsDueActionsImmediately
  }

  /// The virtual time: the date of the running action, or where the last advance stopped.
  public var currentDate: ContinuousClock.Instant {
    state.withLock { $0.now }
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

  /// Runs `action` once the virtual clock reaches `date`; at once when `date` is not in the
  /// future and ``runsDueActionsImmediately``.
  ///
  /// - Returns: A disposable that cancels `action` if it has not started yet; `nil` when it
  ///   ran at once.
  @discardableResult
  public func schedule(after date: ContinuousClock.Instant, action: @escaping () -> Void)
    -> (any Disposable)?
  {
    if runsDueActionsImmediately, date <= currentDate {
      action()
      return nil
    }
    return enqueue(Job(action: action, interval: nil), at: date)
  }

  /// Runs `action` once the virtual clock reaches `date`, then every `interval` until disposed.
  ///
  /// Each run is due exactly `interval` after the previous one's due date; `leeway` is ignored.
  ///
  /// - Parameters:
  ///   - date: The virtual time at which the first run is due.
  ///   - interval: The time between runs; must be positive.
  ///   - leeway: Ignored: virtual time is never late.
  ///   - action: The work to run each time.
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  public func schedule(
    after date: ContinuousClock.Instant,
    interval: Duration,
    leeway: Duration,
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    precondition(
      interval > .zero,
      "TestScheduler: repeating interval \(interval) is not positive; pass an interval > 0.")
    return enqueue(Job(action: action, interval: interval), at: date)
  }

  // MARK: Advancing

  /// Runs the actions due at the current virtual time, without moving the clock.
  public func advance() {
    advance(by: .zero)
  }

  /// Moves the virtual clock forward by `interval`, running every action due on the way.
  ///
  /// - Parameter interval: How far to move; must not be negative.
  public func advance(by interval: Duration) {
    precondition(
      interval >= .zero,
      "TestScheduler: cannot advance by \(interval); virtual time only moves forward.")
    advance(to: currentDate + interval)
  }

  /// Moves the virtual clock to `date`, running every action due up to and including it.
  ///
  /// A `date` in the past runs the actions already due and leaves the clock where it is.
  public func advance(to date: ContinuousClock.Instant) {
    let target = max(date, currentDate)
    while runNext(dueBy: target) {}
    state.withLock { $0.now = max($0.now, target) }
  }

  /// Runs actions until none is left except repeating ones.
  ///
  /// The clock moves to the date of each action as it runs, so repeating actions that fall due
  /// before the last one-off action also run; afterwards only repeating actions (timers) remain,
  /// which would otherwise never let `run()` return. Advance by a duration to drive them.
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
