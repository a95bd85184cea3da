// SPDX-License-Identifier: Apache-2.0

/// Describes actions and values for traces and history, as ``ValueDescription`` prints them.
enum TraceText {
  /// The action's value, or only its type when it is a closure that prints nothing useful.
  static func describe(action: some WorkflowAction) -> String {
    let typeName = String(describing: type(of: action))
    if typeName.hasPrefix("AnyWorkflowAction<") { return typeName }
    return ValueDescription.describe(action)
  }

  /// `value` for people, on one line, at a readable length.
  static func describe(_ value: Any) -> String {
    ValueDescription.describe(value)
  }
}
