// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

extension RenderTester {
  /// Returns a tester that expects the render to run a worker equivalent to `worker` under `key`.
  ///
  /// The running worker is compared with `Worker.isEquivalent(to:)`; it is not started. Works for
  /// every kind of worker, `AsyncWorker` and `AsyncSequenceWorker` included.
  ///
  /// - Parameters:
  ///   - worker: The expected worker.
  ///   - output: An output the worker reports after the render, through the parent's output
  ///     mapping, instead of running.
  ///   - key: The key the worker runs under.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  public func expectWorker<ExpectedWorker: Worker>(
    _ worker: ExpectedWorker,
    mockingOutput output: ExpectedWorker.Output? = nil,
    key: String = "",
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTester {
    adding(
      RenderExpectation(
        target: .child(typeID: ObjectIdentifier(WorkerWorkflow<ExpectedWorker>.self), key: key),
        summary: "worker \(ExpectedWorker.self) with key \"\(key)\"",
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        check: { child in
          let running = (child as! WorkerWorkflow<ExpectedWorker>).worker
          if running.isEquivalent(to: worker) { return nil }
          return """
            Worker \(ExpectedWorker.self) with key "\(key)" is not equivalent to the expected one:
            \(StructuralDiff.describe(expected: worker, actual: running))
            """
        },
        output: output.map { $0 as Any }))
  }

  /// Returns a tester that expects the render to run a worker equivalent to `worker` under `key`:
  /// the spelling of workflow-swift's `WorkflowConcurrencyTesting`, for async workers.
  ///
  /// The same expectation as ``expectWorker(_:mockingOutput:key:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - worker: The expected worker.
  ///   - output: An output the worker reports after the render, instead of running.
  ///   - key: The key the worker runs under.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  public func expect<ExpectedWorker: Worker>(
    worker: ExpectedWorker,
    producingOutput output: ExpectedWorker.Output? = nil,
    key: String = "",
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTester {
    expectWorker(
      worker, mockingOutput: output, key: key, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Returns a tester that expects the render to run a `SignalProducer` or a `Signal` of
  /// `OutputType` values under `key`.
  ///
  /// Producers cannot be compared, so any producer of that value type matches; it is not
  /// started.
  ///
  /// ```swift
  /// tester
  ///   .expectSignalProducer(producingOutput: 3, key: "countdown")
  ///   .render { _ in }
  /// ```
  ///
  /// - Parameters:
  ///   - outputType: The type of the producer's values; usually inferred.
  ///   - output: A value the producer reports after the render, through the parent's output
  ///     mapping.
  ///   - key: The key the producer runs under.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  public func expectSignalProducer<OutputType>(
    outputType: OutputType.Type = OutputType.self,
    producingOutput output: OutputType? = nil,
    key: String = "",
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTester {
    adding(
      RenderExpectation(
        target: .child(
          typeID: ObjectIdentifier(WorkerWorkflow<ProducerWorker<OutputType>>.self), key: key),
        summary: "signal producer of \(OutputType.self) with key \"\(key)\"",
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        output: output.map { $0 as Any }))
  }
}
