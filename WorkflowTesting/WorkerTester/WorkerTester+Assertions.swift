// SPDX-License-Identifier: Apache-2.0

import Workflow

extension WorkerTester {
  /// Checks that the next unread output has arrived and equals `expected`.
  public func assertNextOutput(
    _ expected: WorkerType.Output,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where WorkerType.Output: Equatable {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let output = takeNext() else {
      FailureReporter.fail(
        "Expected output \(StructuralDiff.show(expected)) of \(WorkerType.self), got none yet",
        at: site)
      return
    }
    if output != expected {
      FailureReporter.fail(
        "Output of \(WorkerType.self) differs from the expected output:\n"
          + StructuralDiff.describe(expected: expected, actual: output), at: site)
    }
  }

  /// Waits until the next unread output arrives, for work that runs in a task.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, in real time, before recording a failure.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  /// - Returns: The output, or `nil` when none arrived in time.
  public func nextOutput(
    within timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> WorkerType.Output? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let output = takeNext() { return output }
      try? await Task.sleep(for: .milliseconds(1))
    }
    if let output = takeNext() { return output }
    FailureReporter.fail(
      "Expected an output of \(WorkerType.self) within \(timeout), got none",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return nil
  }

  /// Checks that every output has been read.
  public func assertNoMoreOutputs(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let unread = record.withLock { Array($0.outputs[$0.readCount...]) }
    if !unread.isEmpty {
      FailureReporter.fail(
        "Expected no more outputs of \(WorkerType.self), got "
          + unread.map { StructuralDiff.show($0) }.joined(separator: ", "),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }

  /// Checks that the work completed on its own.
  public func assertFinished(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    if !isFinished {
      FailureReporter.fail(
        "Expected \(WorkerType.self) to have finished, but it is still running",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }

  /// Checks that the work has stopped (its run was disposed or ended) and produced nothing
  /// after ``cancel()``.
  public func assertStopped(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let (isStopped, lateOutputs) = record.withLock { ($0.isStopped, $0.outputsAfterCancel) }
    if !isStopped {
      FailureReporter.fail(
        "Expected \(WorkerType.self) to have stopped, but it is running", at: site)
    }
    if lateOutputs > 0 {
      FailureReporter.fail(
        "\(WorkerType.self) produced \(lateOutputs) output(s) after it was cancelled", at: site)
    }
  }
}
