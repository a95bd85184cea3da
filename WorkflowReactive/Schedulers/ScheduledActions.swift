// SPDX-License-Identifier: Apache-2.0

/// The actions an operator scheduled for one observation that have not run yet, cancelled
/// together when the observation's lifetime ends.
///
/// Operators that keep several actions in flight (``Signal/delay(_:on:)``) use it so that a
/// disposed run releases its pending work at once instead of when each action falls due.
final class ScheduledActions: Sendable {
  private struct State {
    var nextID = 0
    // Reserved (nil) before the scheduler returns the action's disposable, so an action that
    // runs before `schedule` returns is not left behind as pending.
    var pending: [Int: (any Disposable)?] = [:]
    var isCancelled = false
  }

  private let state = Locked(State())

  init(lifetime: Lifetime) {
    lifetime.observeEnded { [self] in cancelAll() }
  }

  /// Runs `action` on `scheduler` at `date`, or as soon as it can when `date` is `nil`.
  func schedule(
    on scheduler: any DateScheduler,
    after date: ContinuousClock.Instant? = nil,
    _ action: @escaping () -> Void
  ) {
    let reserved: Int? = state.withLock { state in
      guard !state.isCancelled else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.pending[id] = .some(nil)
      return id
    }
    guard let id = reserved else { return }
    let run = { [self] in
      let isPending = state.withLock { $0.pending.removeValue(forKey: id) != nil }
      if isPending { action() }
    }
    let disposable =
      if let date { scheduler.schedule(after: date, action: run) } else { scheduler.schedule(run) }
    guard let disposable else { return }
    let isKept = state.withLock { state in
      guard !state.isCancelled else { return false }
      if state.pending.index(forKey: id) != nil { state.pending[id] = disposable }
      return true
    }
    if !isKept { disposable.dispose() }
  }

  private func cancelAll() {
    let pending = state.withLock { state in
      state.isCancelled = true
      defer { state.pending = [:] }
      return state.pending.values.compactMap { $0 }
    }
    for disposable in pending { disposable.dispose() }
  }
}
