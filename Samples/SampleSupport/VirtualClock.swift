// SPDX-License-Identifier: Apache-2.0

import Foundation
import WorkflowReactive

/// A clock for scripted sessions: time moves only when the app advances it.
///
/// Unlike a `TestScheduler`, work scheduled for the present (a zero delay) runs at once, so an
/// auth check or a debounced search with no delay completes before the next line is read.
/// Timers scheduled in the future fire only when ``advance(by:)`` moves the clock past them,
/// which keeps a transcript of ticking timers the same on every run.
public final class VirtualClock: DateScheduler, @unchecked Sendable {
  fileprivate struct Pending {
    var id: UInt64
    var date: ContinuousClock.Instant
    var interval: Duration?
    var action: () -> Void
  }

  fileprivate struct State {
    var now: ContinuousClock.Instant
    var pending: [Pending] = []
    var nextID: UInt64 = 0
  }

  private let state: StateLock

  /// Creates a clock that starts at `startDate` and never moves on its own.
  public init(startDate: ContinuousClock.Instant = .now) {
    state = StateLock(State(now: startDate))
  }

  /// The clock's current virtual time.
  public var currentDate: ContinuousClock.Instant {
    state.withLock { $0.now }
  }

  /// Runs `action` at once.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    action()
    return nil
  }

  /// Runs `action` at once when `date` is not in the future, otherwise when the clock reaches it.
  @discardableResult
  public func schedule(after date: ContinuousClock.Instant, action: @escaping () -> Void)
    -> (any Disposable)?
  {
    if date <= currentDate {
      action()
      return nil
    }
    return enqueue(Pending(id: 0, date: date, interval: nil, action: action))
  }

  /// Runs `action` when the clock reaches `date`, then every `interval` after it.
  @discardableResult
  public func schedule(
    after date: ContinuousClock.Instant,
    interval: Duration,
    leeway: Duration,
    action: @escaping () -> Void
  ) -> (any Disposable)? {
    precondition(interval > .zero, "VirtualClock: interval \(interval) is not positive.")
    return enqueue(Pending(id: 0, date: date, interval: interval, action: action))
  }

  /// Moves the clock forward by `interval`, running what falls due in date order.
  public func advance(by interval: Duration) {
    let target = currentDate + interval
    while let next = takeNext(before: target) {
      next()
    }
    state.withLock { $0.now = target }
  }

  private func enqueue(_ pending: Pending) -> any Disposable {
    let id = state.withLock { state in
      state.nextID += 1
      var entry = pending
      entry.id = state.nextID
      state.pending.append(entry)
      return entry.id
    }
    return AnyDisposable { [weak self] in
      self?.state.withLock { $0.pending.removeAll { $0.id == id } }
    }
  }

  // Runs outside the lock, since an action may schedule or cancel work on this clock.
  private func takeNext(before target: ContinuousClock.Instant) -> (() -> Void)? {
    state.withLock { state in
      guard
        let index = state.pending.indices.filter({ state.pending[$0].date <= target })
          .min(by: { state.pending[$0].date < state.pending[$1].date })
      else { return nil }
      let entry = state.pending[index]
      state.now = entry.date
      if let interval = entry.interval {
        state.pending[index].date = entry.date + interval
      } else {
        state.pending.remove(at: index)
      }
      return entry.action
    }
  }
}

/// The clock's state behind a lock (the actions it holds are not `Sendable`).
private final class StateLock: @unchecked Sendable {
  private let lock = NSLock()
  private var state: VirtualClock.State

  init(_ state: VirtualClock.State) {
    self.state = state
  }

  func withLock<Result>(_ body: (inout VirtualClock.State) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }
}
