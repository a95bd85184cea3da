// SPDX-License-Identifier: Apache-2.0

import Workflow

extension ReplSession {
  /// What a session starts from, before its host exists.
  struct StartingPoint {
    /// The snapshot to restore, if any.
    var snapshot: WorkflowSnapshot?
    /// The state file, when it was opened already (it is not, when `--restore` is given).
    var stateFile: StateFile?
  }

  /// Reads what the host starts from: the `--restore` file when one is given (the part of it
  /// whose root is this app's workflow, when it was saved by an app that ran this one as a
  /// child), else the state file, opened (and locked) first.
  ///
  /// - Throws: ``ReplStartFailure/cannotRestore(file:reason:)`` when the restore file gives no
  ///   snapshot; ``ReplStartFailure/stateFileInUse(file:reason:)``.
  static func startingPoint(
    restoreFile: String?, stateFile: String?, warnings: ReplWarnings
  ) throws(ReplStartFailure) -> StartingPoint {
    if let restoreFile {
      switch SnapshotFile.read(restoreFile) {
      case .success(let snapshot):
        // A snapshot of an app that ran this one as a child (the launcher) holds its part.
        let part = snapshot.part(rootedAt: String(reflecting: WorkflowType.self))
        return StartingPoint(snapshot: part ?? snapshot)
      case .failure(let failure):
        throw .cannotRestore(file: displaySafe(restoreFile), reason: failure.description)
      }
    }
    guard let stateFile else { return StartingPoint() }
    let file = try StateFile.open(stateFile, shownAs: displaySafe(stateFile), warnings: warnings)
    return StartingPoint(snapshot: file?.readSnapshot(), stateFile: file)
  }

  /// Checks how the host used the snapshot, once it exists, and opens the state file when the
  /// restore file was used instead.
  ///
  /// A restore file with any skipped entry stops the start, before the state file is touched;
  /// a state file with skipped entries is moved aside.
  static func finishStart(
    _ start: StartingPoint, restoreFile: String?, stateFile: String?, warnings: ReplWarnings
  ) throws(ReplStartFailure) -> StateFile? {
    if let restoreFile {
      if let first = warnings.skippedEntries.first {
        let more = warnings.skippedEntries.count - 1
        throw .cannotRestore(
          file: displaySafe(restoreFile),
          reason: first + (more > 0 ? " (and \(more) more)" : ""))
      }
      guard let stateFile else { return nil }
      return try StateFile.open(stateFile, shownAs: displaySafe(stateFile), warnings: warnings)
    }
    if !warnings.skippedEntries.isEmpty { start.stateFile?.keepAsideAfterSkippedEntries() }
    return start.stateFile
  }

  /// Sends every pass the tracer completes to a JSON-lines file, starting with those it already
  /// has; a file that cannot be opened or written gives a warning and the session goes on
  /// without it.
  static func attachTraceFile(_ path: String, to tracer: WorkflowTracer, warnings: ReplWarnings) {
    let shown = displaySafe(path)
    let writer: TraceFileWriter
    do {
      writer = try TraceFileWriter(path: path)
    } catch {
      warnings.add("cannot write the trace to \(shown): \(error); going on without it")
      return
    }
    let write = { (pass: RenderPassTrace) in
      if let failure = writer.write(pass) {
        warnings.add("stopped writing the trace to \(shown): \(failure)")
      }
    }
    tracer.passes.forEach(write)
    tracer.passDidComplete = write
  }

  /// Makes `tracer` keep the steps a trace-events file holds and writes the file once, so that
  /// a path that cannot be written is told at the start.
  ///
  /// - Returns: The file, or `nil` (with a warning) when it cannot be written.
  static func startTraceEventsFile(
    _ path: String, of tracer: WorkflowTracer, warnings: ReplWarnings
  ) -> String? {
    tracer.capacity = max(tracer.capacity, TraceEventsFile.capacity)
    do {
      try TraceEventsFile.write(tracer, to: path)
      return path
    } catch {
      warnings.add(
        "cannot write trace events to \(displaySafe(path)): \(error); going on without them")
      return nil
    }
  }

  /// Writes the kept steps to the trace-events file, if any, as the app ends.
  ///
  /// - Returns: `false` when the file could not be written, which a warning tells.
  func writeTraceEventsFile() -> Bool {
    guard let traceEventsFile else { return true }
    do {
      try TraceEventsFile.write(tracer, to: traceEventsFile)
      return true
    } catch {
      warnings.add("could not write trace events to \(Self.displaySafe(traceEventsFile)): \(error)")
      return false
    }
  }
}
