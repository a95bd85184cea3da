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
        target: .child(typeID: ObjectIdentifier(Expected.self), key: key),
        summary: "workflow \(Expected.self) with key \"\(key)\"",
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        check: { child in
          assertions(child as! Expected)
          return nil
        },
        rendering: rendering, output: output.map { $0 as Any }))
  }

  /// Returns a tester that expects the render to render a child of type `type` under `key`,
  /// with its outputs ignored (`ignoringOutput()`).
  ///
  /// A child rendered with an output mapping is a failure. A child rendered as
  /// `erased.ignoringOutput()`, where `erased` is an ``/Workflow/AnyWorkflow``, is expected either by the
  /// workflow type it wraps or, as in workflow-swift, by its erased type
  /// (`AnyWorkflow<Rendering, Output>.self`, whose rendering the expectation then gives).
  ///
  /// - Parameters:
  ///   - type: The child's concrete workflow type, or the `AnyWorkflow` type it was rendered as.
  ///   - key: The key the child is rendered under.
  ///   - rendering: What the child renders, handed back to the workflow under test.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  ///   - assertions: Checks the child workflow value the parent rendered (its props).
  public func expectWorkflowIgnoringOutput<Expected: Workflow>(
    type: Expected.Type,
    key: String = "",
    producingRendering rendering: Expected.Rendering,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assertions: @escaping (Expected) -> Void = { _ in }
  ) -> RenderTester {
    adding(
      RenderExpectation(
        target: .child(typeID: ObjectIdentifier(Expected.self), key: key),
        summary: "workflow \(Expected.self) with key \"\(key)\"",
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        check: { child in
          assertions(child as! Expected)
          return nil
        },
        rendering: rendering, requiresIgnoredOutput: true))
  }

  /// Returns a tester that expects the render to run the side effect `key`.
  ///
  /// The side effect is not started.
  ///
  /// - Parameters:
  ///   - key: The side effect's key, of any `Hashable` type.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  public func expectSideEffect(
    key: AnyHashable,
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
  ///
  /// - Parameters:
  ///   - key: The side effect's key, of any `Hashable` type.
  ///   - action: The action the side effect sends.
  ///   - fileID: The caller's file, where a failure is reported; keep the default.
  ///   - filePath: The caller's full file path, for XCTest; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  public func expectSideEffect<Action: WorkflowAction>(
    key: AnyHashable,
    producingAction action: Action,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> RenderTester where Action.WorkflowType == WorkflowType {
    addingSideEffect(
      key: key, action: action,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func addingSideEffect(
    key: AnyHashable, action: (any WorkflowAction<WorkflowType>)?, site: CallSite
  ) -> RenderTester {
    adding(
      RenderExpectation(
        target: .sideEffect(key: key), summary: "side effect \(describeSideEffectKey(key))",
        site: site, action: action))
  }
}
