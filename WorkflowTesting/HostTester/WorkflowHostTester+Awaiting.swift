// SPDX-License-Identifier: Apache-2.0

import Workflow

extension WorkflowHostTester {
  /// Returns the next rendering the host published and not yet taken, waiting for it if needed.
  ///
  /// Runs the work due on ``scheduler`` at the current virtual time first, then waits for work
  /// in tasks. Records a failure when no rendering arrives.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait in real time for work in tasks.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  /// - Returns: The rendering, or `nil` after a failure.
  @discardableResult
  public func awaitNextRendering(
    timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> WorkflowType.Rendering? {
    if await waitUntil(timeout: timeout, { !pendingRenderings.isEmpty }) {
      return pendingRenderings.removeFirst()
    }
    FailureReporter.fail(
      "Expected a new rendering of \(WorkflowType.self), got none",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return nil
  }

  /// Takes renderings until one satisfies `predicate`, waiting for more if needed.
  ///
  /// The renderings skipped on the way count as asserted.
  ///
  /// - Returns: The first rendering that satisfies `predicate`, or `nil` after a failure.
  @discardableResult
  public func awaitNextRendering(
    timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    where predicate: (WorkflowType.Rendering) throws -> Bool
  ) async rethrows -> WorkflowType.Rendering? {
    var skipped = 0
    while await waitUntil(timeout: timeout, { !pendingRenderings.isEmpty }) {
      let rendering = pendingRenderings.removeFirst()
      if try predicate(rendering) { return rendering }
      skipped += 1
    }
    FailureReporter.fail(
      "Expected a rendering of \(WorkflowType.self) that satisfies the condition, got none "
        + "(\(skipped) rendering(s) did not)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return nil
  }

  /// Returns the next output of the root workflow not yet taken, waiting for it if needed.
  ///
  /// - Returns: The output, or `nil` after a failure.
  @discardableResult
  public func awaitNextOutput(
    timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> WorkflowType.Output? {
    if await waitUntil(timeout: timeout, { !pendingOutputs.isEmpty }) {
      return pendingOutputs.removeFirst()
    }
    FailureReporter.fail(
      "Expected an output of \(WorkflowType.self), got none",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return nil
  }

  /// Ends the test: reports unasserted values (in exhaustive mode) and any worker or side effect
  /// still running, then tears the tree down.
  public func finish(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if isExhaustive { reportUnasserted(before: "finish()", at: site) }
    if let running = host?.runningWork(), !running.isEmpty {
      FailureReporter.fail(
        "\(WorkflowType.self) still has work running at the end of the test:\n"
          + running.map { "  \($0)" }.joined(separator: "\n"), at: site)
    }
    host = nil
  }

  /// Runs the scheduler's due work, then yields to tasks until `condition` holds or time is up.
  private func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
    if condition() { return true }
    scheduler.advance()
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      if ContinuousClock.now >= deadline { return false }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }
}
