// SPDX-License-Identifier: Apache-2.0

import Workflow

extension ReplSession {
  /// What autosaving remembers between renderings.
  struct Autosave {
    /// The state file.
    var path: String
    /// The snapshot last written (or read at start); an equal one is not written again.
    var lastSaved: WorkflowSnapshot?
    /// The last failure reported, so that a lasting problem is reported once.
    var lastFailure: String?
  }

  /// Where the host starts from: the snapshot to restore, if any, and the state file to keep
  /// saving to, if any.
  ///
  /// An explicit restore file wins over the state file. A state file that exists but holds no
  /// snapshot is moved aside to `FILE.broken`, so that the first autosave does not destroy what
  /// the user may want back; when it cannot be moved, autosaving is off for the session.
  static func startingPoint(
    restoreFile: String?, stateFile: String?, warnings: ReplWarnings
  ) -> (snapshot: WorkflowSnapshot?, autosavePath: String?) {
    if let restoreFile {
      let shown = displaySafe(restoreFile)
      switch SnapshotFile.read(restoreFile) {
      case .success(let snapshot):
        return (snapshot, stateFile)
      case .failure(let failure):
        warnings.add("cannot restore from \(shown): \(failure); starting fresh")
        return (nil, stateFile)
      }
    }
    guard let stateFile, FileAccess.exists(stateFile) else { return (nil, stateFile) }
    let shown = displaySafe(stateFile)
    switch SnapshotFile.read(stateFile) {
    case .success(let snapshot):
      return (snapshot, stateFile)
    case .failure(let failure):
      let aside = stateFile + ".broken"
      do {
        try FileAccess.move(stateFile, to: aside)
        warnings.add(
          "cannot restore from \(shown): \(failure); moved it to \(displaySafe(aside))"
            + " and starting fresh")
        return (nil, stateFile)
      } catch {
        warnings.add(
          "cannot restore from \(shown): \(failure), nor move it aside: \(error);"
            + " starting fresh without saving, to keep it")
        return (nil, nil)
      }
    }
  }

  /// Sends every pass the tracer completes to a JSON-lines file; a file that cannot be opened
  /// or written gives a warning and the session goes on without it.
  static func attachTraceFile(_ path: String, to tracer: WorkflowTracer, warnings: ReplWarnings) {
    let shown = displaySafe(path)
    let writer: TraceFileWriter
    do {
      writer = try TraceFileWriter(path: path)
    } catch {
      warnings.add("cannot write the trace to \(shown): \(error); going on without it")
      return
    }
    tracer.passDidComplete = { pass in
      if let failure = writer.write(pass) {
        warnings.add("stopped writing the trace to \(shown): \(failure)")
      }
    }
  }

  /// Writes the host's snapshot to the state file when it differs from the one last written.
  func autosaveIfChanged() {
    guard var autosave else { return }
    defer { self.autosave = autosave }
    do {
      let snapshot = try host.snapshot()
      guard snapshot != autosave.lastSaved else { return }
      try SnapshotFile.write(snapshot, to: autosave.path, createsFolders: true)
      autosave.lastSaved = snapshot
      autosave.lastFailure = nil
    } catch {
      let message = "could not save the state to \(Self.displaySafe(autosave.path)): \(error)"
      if message != autosave.lastFailure { warnings.add(message) }
      autosave.lastFailure = message
    }
  }
}
