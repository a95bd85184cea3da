// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// A moment the ``Autosaver`` is told about; it decides from its ``AutosaveSchedule`` whether
/// to write the state file then.
package enum AutosaveMoment: Equatable, CustomStringConvertible {
  /// The state changed between lines (a timer, a worker): saved at once when the app waits
  /// for input or the changes are due.
  case changed
  /// The state changed while a line runs: saved, if due, before the line's frame.
  case changedDuringLine
  /// A line came: the app no longer waits for input.
  case lineWillRun
  /// The app is about to wait for input: what is unsaved is saved.
  case inputWillWait
  /// A frame is about to be shown: unsaved changes that are due are saved first, so that a
  /// failure is told in that frame.
  case checkpoint
  /// Save what is unsaved now, whatever the schedule: the app ends, or `:save` wrote
  /// `snapshot` (then the state file gets that same snapshot).
  case now(using: WorkflowSnapshot?)

  package var description: String {
    switch self {
    case .changed: "changed"
    case .changedDuringLine: "changedDuringLine"
    case .lineWillRun: "lineWillRun"
    case .inputWillWait: "inputWillWait"
    case .checkpoint: "checkpoint"
    case .now(let snapshot): snapshot == nil ? "now" : "now(using: snapshot)"
    }
  }
}

/// Writes a session's state file behind its changes: the one owner of the ``StateFile``, its
/// ``AutosaveSchedule`` and the timer of the schedule's deadline.
///
/// Its one entry point, ``note(_:)``, is called with the moments the session's state machine
/// names (``ReplEffect/save(_:)``). The deadline's flush runs on the scheduler it is given: the
/// main queue in an app, a `TestScheduler` that a test moves by hand.
@MainActor
final class Autosaver {
  /// The file saved to; nil when there is none, or it may not be touched.
  let file: StateFile?
  /// When the file is written next.
  private(set) var schedule: AutosaveSchedule
  private let scheduler: any DateScheduler
  private let takeSnapshot: () throws -> WorkflowSnapshot
  /// Called after the flush at a deadline ran, so that a failure it met is told at once on a
  /// live terminal.
  var didFlush: (() -> Void)?
  /// Called each time the file was brought up to date.
  var didSave: (() -> Void)?

  /// Creates an autosaver of `file`.
  ///
  /// - Parameters:
  ///   - file: The state file; nil saves nothing.
  ///   - delay: How long the first unsaved change waits at most while commands keep coming.
  ///   - scheduler: The clock of the schedule and the timer of its deadline.
  ///   - snapshot: Takes the snapshot to save.
  init(
    file: StateFile?, delay: Duration, scheduler: any DateScheduler,
    snapshot: @escaping () throws -> WorkflowSnapshot
  ) {
    self.file = file
    self.schedule = AutosaveSchedule(delay: delay)
    self.scheduler = scheduler
    self.takeSnapshot = snapshot
  }

  /// How many times the file was written.
  var writeCount: Int { file?.writeCount ?? 0 }

  /// Tells the autosaver what happened; it writes the file when its schedule says so.
  func note(_ moment: AutosaveMoment) {
    guard let file, file.isSaving else { return }
    switch moment {
    case .changed:
      noteChange()
      saveIfDue()
    case .changedDuringLine:
      noteChange()
    case .lineWillRun:
      schedule.isWaitingForInput = false
    case .inputWillWait:
      schedule.isWaitingForInput = true
      saveIfDue()
    case .checkpoint:
      saveIfDue()
    case .now(let snapshot):
      save(file, using: snapshot)
    }
  }

  private func noteChange() {
    if schedule.noteChange(at: scheduler.now) { scheduleFlush() }
  }

  private func saveIfDue() {
    guard let file, schedule.shouldSave(at: scheduler.now) else { return }
    save(file, using: nil)
  }

  /// Saves the unsaved changes; `snapshot`, when given, is the host's, taken already.
  private func save(_ file: StateFile, using snapshot: WorkflowSnapshot?) {
    guard schedule.isDirty else { return }
    schedule.beginSave()
    let saved: Bool
    do {
      saved = file.save(try snapshot ?? takeSnapshot())
    } catch {
      file.reportSnapshotFailure(error)
      saved = false
    }
    if schedule.endSave(succeeded: saved, at: scheduler.now) { scheduleFlush() }
    if saved { didSave?() }
  }

  /// Has the scheduler run a flush at the unsaved changes' deadline.
  private func scheduleFlush() {
    guard let deadline = schedule.deadline else { return }
    scheduler.schedule(after: deadline) { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.saveIfDue()
        self.didFlush?()
      }
    }
  }
}
