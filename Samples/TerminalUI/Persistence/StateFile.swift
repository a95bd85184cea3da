// SPDX-License-Identifier: Apache-2.0

import Workflow

/// The file an app saves itself to as it changes and starts from at the next launch.
///
/// When it is written is the ``AutosaveSchedule``'s rule: not after every command, but when
/// the app is about to wait for input, when the first unsaved change is a second old, and
/// before the app ends. Each write is atomic, so `kill -9` loses at most the changes of that
/// last second of scripted input, and never a save that finished.
///
/// Its rules, in the order they apply:
///
/// - A symbolic link at the path is followed: the file it points at is read and replaced
///   (atomically, see ``FileAccess/writeAtomically(_:to:createsFolders:)``), the link stays.
/// - Anything but a regular file there (a folder, a FIFO, a device) is refused before it is
///   opened, and the session saves nothing.
/// - The file is held with a ``StateFileLock``: a second app on it does not start.
/// - Temporary files of saves whose process was killed are removed.
/// - A file that holds no usable snapshot, or one of which some state was skipped, is moved
///   aside to `FILE.broken-<n>` (never over an earlier backup) before anything is written.
/// - A file that cannot be read, or a broken one that cannot be moved aside, is left alone and
///   the session saves nothing, to keep it.
///
/// Each problem is queued as a warning; only a file in use stops the start.
final class StateFile {
  /// Whether saves go to the file.
  enum Mode {
    /// Saving, under the lock.
    case saving(StateFileLock)
    /// Not saving, for the reason already warned about.
    case off
  }

  /// The path as the user gave it, made safe to print.
  let shownPath: String
  /// The file read and written: the path with symbolic links followed.
  let target: String
  private(set) var mode: Mode
  /// The snapshot the file holds (or held at start); an equal one is not written again.
  var lastSaved: WorkflowSnapshot?
  /// The last failure reported, so that a lasting problem is reported once.
  private var lastFailure: String?
  /// How many times the file was written.
  private(set) var writeCount = 0
  private let warnings: ReplWarnings

  private init(shownPath: String, target: String, mode: Mode, warnings: ReplWarnings) {
    self.shownPath = shownPath
    self.target = target
    self.mode = mode
    self.warnings = warnings
  }

  /// Whether saves go to the file.
  var isSaving: Bool {
    if case .saving = mode { return true }
    return false
  }

  /// Opens the state file at `path`: checks its type, creates its folders, takes its lock and
  /// removes leftovers of killed saves.
  ///
  /// - Returns: The state file, or nil when nothing at `path` may be touched (not a regular
  ///   file), which a warning says.
  /// - Throws: ``ReplStartFailure/stateFileInUse(file:reason:)`` when another app holds it.
  static func open(
    _ path: String, shownAs shownPath: String, warnings: ReplWarnings
  ) throws(ReplStartFailure) -> StateFile? {
    let target = FileAccess.resolvingSymbolicLinks(FileAccess.absolute(path))
    do {
      try FileAccess.requireRegularOrMissing(target)
    } catch  where error.code == nil {
      warnings.add(
        "cannot use \(shownPath) as the state file: \(error); this session will not be saved")
      return nil
    } catch {
      // A folder on the way that is missing or unreadable: creating the folders says more.
    }
    let file = StateFile(shownPath: shownPath, target: target, mode: .off, warnings: warnings)
    do {
      try FileAccess.createFolders(leadingTo: target)
      file.mode = .saving(try StateFileLock(target: target))
    } catch let failure as StateFileLock.Failure {
      if case .inUse = failure {
        throw .stateFileInUse(file: shownPath, reason: failure.description)
      }
      file.warnCannotSave(failure.description)
      return file
    } catch {
      file.warnCannotSave("\(error)")
      return file
    }
    FileAccess.removeLeftoverTemporaries(of: target)
    return file
  }

  private func warnCannotSave(_ reason: String) {
    warnings.add("cannot save the state to \(shownPath): \(reason); this session will not be saved")
  }

  /// The snapshot to start from, or nil to start fresh; a file that holds none is moved aside.
  func readSnapshot() -> WorkflowSnapshot? {
    guard FileAccess.exists(target) else { return nil }
    switch SnapshotFile.read(target) {
    case .success(let snapshot):
      return snapshot
    case .failure(let failure) where failure.isUnusableContent:
      moveAside(because: "cannot restore from \(shownPath): \(failure)", then: "starting fresh")
      return nil
    case .failure(let failure):
      mode = .off
      warnings.add(
        "cannot restore from \(shownPath): \(failure); starting fresh without saving, to keep it")
      return nil
    }
  }

  /// Moves the file aside after the host skipped some of its state (the skips were warned
  /// about), so that the next save does not replace what could not be used.
  func keepAsideAfterSkippedEntries() {
    moveAside(because: "not all of \(shownPath) could be used", then: "going on without it")
  }

  private func moveAside(because problem: String, then next: String) {
    do {
      let backup = try FileAccess.moveAside(target, label: "broken")
      warnings.add("\(problem); moved it to \(backup) and \(next)")
    } catch {
      mode = .off
      warnings.add("\(problem), nor move it aside: \(error); \(next) without saving, to keep it")
    }
  }

  /// Writes `snapshot` when it differs from the one last written; a failure is warned about
  /// once, and the file keeps the last state written.
  ///
  /// - Returns: Whether the file holds `snapshot` now (false when it failed or saves are off).
  @discardableResult
  func save(_ snapshot: WorkflowSnapshot) -> Bool {
    guard isSaving else { return false }
    guard snapshot != lastSaved else { return true }
    do {
      try SnapshotFile.write(snapshot, to: target, createsFolders: true)
      lastSaved = snapshot
      lastFailure = nil
      writeCount += 1
      return true
    } catch {
      let message =
        "could not save the state to \(shownPath): \(error); the file keeps the last state saved"
      if message != lastFailure { warnings.add(message) }
      lastFailure = message
      return false
    }
  }

  /// Warns that the snapshot to save could not be taken.
  func reportSnapshotFailure(_ error: any Error) {
    let message = "could not save the state to \(shownPath): \(error)"
    if message != lastFailure { warnings.add(message) }
    lastFailure = message
  }
}
