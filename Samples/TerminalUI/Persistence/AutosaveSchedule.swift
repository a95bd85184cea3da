// SPDX-License-Identifier: Apache-2.0

import Dispatch

/// When a session writes its state file: behind the changes, as an editor writes its swap
/// file, so that a burst of commands costs one save, not one per command.
///
/// A change marks the state unsaved. It is saved when the app is about to wait for input (no
/// more lines are ready), when the first unsaved change is ``delay`` old (checked after each
/// command, and by a flush the ``AutosaveClock`` schedules for that moment), and before the
/// app ends. A save that fails leaves the state unsaved, to be tried again with the next one.
///
/// It only decides; the session takes the snapshot and writes the file.
package struct AutosaveSchedule {
  /// How long the first unsaved change waits at most, while commands keep coming.
  package static let autosaveDelay = Duration.seconds(1)

  /// Where the state stands against the file.
  package enum Phase: Equatable {
    /// The file holds the state.
    case clean
    /// Changed since the last save; the first unsaved change came at `since`.
    case dirty(since: ContinuousClock.Instant)
    /// A save is being made; `changedAt` is the first change that came meanwhile, which the
    /// save may have missed.
    case saving(changedAt: ContinuousClock.Instant?)
  }

  /// How long the first unsaved change waits at most.
  package let delay: Duration
  /// Where the state stands.
  package private(set) var phase = Phase.clean

  /// Creates a clean schedule.
  package init(delay: Duration) {
    precondition(
      delay >= .zero, "AutosaveSchedule: the delay \(delay) is negative; pass zero or more")
    self.delay = delay
  }

  /// Whether there are changes to save.
  package var isDirty: Bool {
    if case .dirty = phase { return true }
    return false
  }

  /// When the unsaved changes are due, or nil when there are none.
  package var deadline: ContinuousClock.Instant? {
    guard case .dirty(let since) = phase else { return nil }
    return since + delay
  }

  /// Whether unsaved changes are due at `now`.
  package func isDue(at now: ContinuousClock.Instant) -> Bool {
    deadline.map { now >= $0 } ?? false
  }

  /// Records a change at `now`.
  ///
  /// - Returns: Whether it is the first unsaved one, so that a flush is to be scheduled at
  ///   ``deadline``.
  package mutating func noteChange(at now: ContinuousClock.Instant) -> Bool {
    switch phase {
    case .clean:
      phase = .dirty(since: now)
      return true
    case .dirty, .saving(changedAt: .some):
      return false
    case .saving(changedAt: nil):
      phase = .saving(changedAt: now)
      return false
    }
  }

  /// Starts a save of the unsaved changes.
  package mutating func beginSave() {
    precondition(isDirty, "AutosaveSchedule: beginSave() while \(phase); check isDirty first")
    phase = .saving(changedAt: nil)
  }

  /// Ends the save begun last: clean when it `succeeded` and nothing changed meanwhile;
  /// unsaved from `now` when it failed, so that it is tried again with the next save.
  ///
  /// - Returns: Whether the changes left unsaved need a flush scheduled at ``deadline`` (they
  ///   came during a save that succeeded; a failed save waits for the next one).
  package mutating func endSave(succeeded: Bool, at now: ContinuousClock.Instant) -> Bool {
    guard case .saving(let changedAt) = phase else {
      preconditionFailure(
        "AutosaveSchedule: endSave(succeeded:at:) while \(phase); call beginSave() first")
    }
    switch (succeeded, changedAt) {
    case (false, _):
      phase = .dirty(since: now)
      return false
    case (true, nil):
      phase = .clean
      return false
    case (true, let changedAt?):
      phase = .dirty(since: changedAt)
      return true
    }
  }
}

/// The time an ``AutosaveSchedule`` runs on: its delay, the clock it reads, and the way a
/// flush is run at a deadline (on the main queue); tests give one they move by hand.
package struct AutosaveClock {
  /// How long the first unsaved change waits at most while commands keep coming.
  package var delay: Duration
  /// The current time.
  package var now: @MainActor () -> ContinuousClock.Instant
  /// Runs the flush it is given on the main actor at (or soon after) the instant.
  package var schedule:
    @MainActor (ContinuousClock.Instant, @escaping @MainActor () -> Void) -> Void

  /// Creates a clock from its parts.
  package init(
    delay: Duration,
    now: @escaping @MainActor () -> ContinuousClock.Instant,
    schedule:
      @escaping @MainActor (ContinuousClock.Instant, @escaping @MainActor () -> Void)
      -> Void
  ) {
    self.delay = delay
    self.now = now
    self.schedule = schedule
  }

  /// The real clock, ``AutosaveSchedule/autosaveDelay`` and a main-queue timer.
  package static var system: AutosaveClock {
    AutosaveClock(
      delay: AutosaveSchedule.autosaveDelay, now: { .now },
      schedule: { deadline, flush in
        let wait = max(.zero, ContinuousClock.now.duration(to: deadline))
        let (seconds, attoseconds) = wait.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
          MainActor.assumeIsolated { flush() }
        }
      })
  }
}
