// SPDX-License-Identifier: Apache-2.0

/// An applied action, and at ``StepRecord/Detail/everything`` the states around it and its
/// output, kept as values and described when asked: each question works them out anew, so a
/// consumer asks once.
///
/// One closure holds them all: in the runtime's unspecialized code, a closure's context costs
/// an allocation, where an instance of a generic class also looked its metadata up (H1 +13%);
/// and a record for the history, which reads only the action, captures only the action.
package struct AppliedValues {
  private enum Question {
    case action
    case changes
    case output
  }

  private enum Answer {
    case text(String?)
    case changes([RenderPassTrace.StateChange])
    case notKept
  }

  private let answer: (Question) -> Answer

  init<A: WorkflowAction>(
    _ action: A, stateBefore: A.WorkflowType.State, stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?, keepsStates: Bool
  ) {
    guard keepsStates else {
      answer = { question in
        question == .action ? .text(TraceText.describe(action: action)) : .notKept
      }
      return
    }
    answer = { question in
      switch question {
      case .action: .text(TraceText.describe(action: action))
      case .changes:
        .changes(RenderPassTrace.StateChange.changes(from: stateBefore, to: stateAfter))
      case .output: .text(output.map { TraceText.describe($0) })
      }
    }
  }

  /// The action, as it prints (only its type for a closure-based one).
  package func describeAction() -> String {
    guard case .text(let text?) = answer(.action) else {
      preconditionFailure("AppliedValues: the action was not kept; this is a runtime bug")
    }
    return text
  }

  /// The state fields the action changed: the states compared.
  ///
  /// Only in a record made at ``StepRecord/Detail/everything``.
  package func changes() -> [RenderPassTrace.StateChange] {
    guard case .changes(let changes) = answer(.changes) else { notKept("changes()") }
    return changes
  }

  /// The output the action returned, as it prints; `nil` when it returned none.
  ///
  /// Only in a record made at ``StepRecord/Detail/everything``.
  package func describeOutput() -> String? {
    guard case .text(let text) = answer(.output) else { notKept("describeOutput()") }
    return text
  }

  private func notKept(_ question: String) -> Never {
    preconditionFailure(
      "AppliedValues.\(question): the record kept only the action; its consumers read less than everything"
    )
  }
}
