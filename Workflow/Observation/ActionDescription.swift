// SPDX-License-Identifier: Apache-2.0

/// Describes actions and values for traces and history, on one line and at a readable length.
enum TraceText {
  /// The most characters kept of one description.
  static let limit = 200

  /// The action's value, or only its type when it is a closure that prints nothing useful.
  static func describe(action: some WorkflowAction) -> String {
    let typeName = String(describing: type(of: action))
    if typeName.hasPrefix("AnyWorkflowAction<") { return typeName }
    return oneLine(String(describing: action))
  }

  /// `value` as `String(describing:)` prints it, on one line, cut to ``limit`` characters.
  static func describe(_ value: Any) -> String {
    oneLine(String(describing: value))
  }

  /// `text` on one line, cut to ``limit`` characters.
  static func oneLine(_ text: String) -> String {
    var flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    if flat.count > limit { flat = String(flat.prefix(limit - 1)) + "…" }
    return flat
  }
}
