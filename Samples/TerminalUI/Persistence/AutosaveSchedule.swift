// SPDX-License-Identifier: Apache-2.0

/// When a session writes its state file: behind the changes, as an editor writes its swap
/// file, so that a burst of commands costs one save, not one per command.
///
/// A change marks the state unsaved. It is saved when the app is about to wait for input (no
/// more lines are ready) or waits already, when the first unsaved change is ``delay`` old
/// (checked before each frame, and by a flush the ``Autosaver`` schedules for that moment),
/// and before the app ends. A save that fails leaves the state unsaved, to be tried again with
/// the next one.
///
/// It only decides; the ``Autosaver`` takes the snapshot and writes the file.
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
  /// Whether the app waits for input: a change is then saved as it comes.
  package var isWaitingForInput = false

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

  /// Whether to save at `now`: there are unsaved changes, and the app waits for input or they
  /// are due.
  package func shouldSave(at now: ContinuousClock.Instant) -> Bool {
    isDirty && (isWaitingForInput || isDue(at: now))
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
