// SPDX-License-Identifier: Apache-2.0

import Workflow

extension RenderTester {
  /// Returns a tester that expects the render to render a child of type `type` under `key`.
  ///
  /// - Parameters:
  ///   - type: The child's concrete workflow type.
  ///   - key: The key the child is rendered under.
  ///   - rendering: What the child renders, handed back to the workflow under test.
  ///   - output: An output the child reports after the render. It goes through the parent's
  ///     output mapping and the resulting action is applied to the tester's state.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  ///   - assertions: Checks the child workflow value the parent rendered (its props).
  public func expectWorkflow<Expected: Workflow>(
    type: Expected.Type,
    key: String = "",
    producingRendering rendering: Expected.Rendering,
    producingOutput output: Expected.Output? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assertions: @escaping (Expected) -> Void = { _ in }
  ) -> RenderTester {
    adding(
      RenderExpectation(
        kind: .workflow, childTypeID: ObjectIdentifier(Expected.self),
        summary: "workflow \(Expected.self) with key \"\(key)\"", key: key,
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        check: { child in
          assertions(child as! Expected)
          return nil
        },
        rendering: rendering, output: output.map { $0 as Any }, action: nil))
  }

  /// Returns a tester that expects the render to run a worker equivalent to `worker` under `key`.
  ///
  /// The running worker is compared with `Worker.isEquivalent(to:)`; it is not started.
  ///
  /// - Parameters:
  ///   - worker: The expected worker.
  ///   - output: An output the worker reports after the render, through the parent's output
  ///     mapping.
  ///   - key: The key the worker runs under.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  public func expectWorker<ExpectedWorker: Worker>(
    _ worker: ExpectedWorker,
    producingOutput output: ExpectedWorker.Output? = nil,
    key: String = "",
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTester {
    adding(
      RenderExpectation(
        kind: .worker, childTypeID: ObjectIdentifier(WorkerWorkflow<ExpectedWorker>.self),
        summary: "worker \(ExpectedWorker.self) with key \"\(key)\"", key: key,
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        check: { child in
          let running = (child as! WorkerWorkflow<ExpectedWorker>).worker
          if running.isEquivalent(to: worker) { return nil }
          return """
            Worker \(ExpectedWorker.self) with key "\(key)" is not equivalent to the expected one:
            \(StructuralDiff.describe(expected: worker, actual: running))
            """
        },
        rendering: (), output: output.map { $0 as Any }, action: nil))
  }

  /// Returns a tester that expects the render to run the side effect `key`.
  ///
  /// The side effect is not started.
  public func expectSideEffect(
    key: String,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTester {
    addingSideEffect(
      key: key, action: nil,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Returns a tester that expects the render to run the side effect `key`, which then sends
  /// `action`.
  ///
  /// The side effect is not started; `action` is applied to the tester's state after the render,
  /// as if the side effect had sent it.
  public func expectSideEffect<Action: WorkflowAction>(
    key: String,
    producingAction action: Action,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTester where Action.WorkflowType == WorkflowType {
    addingSideEffect(
      key: key, action: action,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func addingSideEffect(
    key: String, action: (any WorkflowAction<WorkflowType>)?, site: CallSite
  ) -> RenderTester {
    adding(
      RenderExpectation(
        kind: .sideEffect, childTypeID: nil, summary: "side effect \"\(key)\"", key: key,
        site: site, check: { _ in nil }, rendering: (), output: nil, action: action))
  }
}
