// SPDX-License-Identifier: Apache-2.0

import Workflow

/// One thing a render is expected to ask for: a child workflow, a worker or a side effect.
struct RenderExpectation<Parent: Workflow> {
  enum Target {
    /// A child of the concrete type the runtime would key it by (a worker's is its
    /// `WorkerWorkflow`), under `key`.
    case child(typeID: ObjectIdentifier, key: String)
    case sideEffect(key: AnyHashable)
  }

  let target: Target
  /// What the failure messages call the expectation, e.g. `workflow Timer with key "a"`.
  let summary: String
  let site: CallSite
  /// Checks the requested child value and returns a failure message, or `nil` when it is fine.
  let check: (Any) -> String?
  /// The rendering handed back for the child.
  let rendering: Any
  /// The output the child reports after the render, if any.
  let output: Any?
  /// Whether the child must be rendered with its outputs ignored (`ignoringOutput()`).
  let requiresIgnoredOutput: Bool
  /// The action a side effect sends after the render, if any.
  let action: (any WorkflowAction<Parent>)?

  init(
    target: Target, summary: String, site: CallSite,
    check: @escaping (Any) -> String? = { _ in nil },
    rendering: Any = (), output: Any? = nil, requiresIgnoredOutput: Bool = false,
    action: (any WorkflowAction<Parent>)? = nil
  ) {
    self.target = target
    self.summary = summary
    self.site = site
    self.check = check
    self.rendering = rendering
    self.output = output
    self.requiresIgnoredOutput = requiresIgnoredOutput
    self.action = action
  }

  /// The child type of a child expectation; `nil` for a side effect.
  var childTypeID: ObjectIdentifier? {
    if case .child(let typeID, _) = target { typeID } else { nil }
  }

  /// The key of a child expectation, quoted as messages show it.
  var childKeyDescription: String? {
    if case .child(_, let key) = target { "\"\(key)\"" } else { nil }
  }

  func matches(childTypeID: ObjectIdentifier, key: String) -> Bool {
    if case .child(childTypeID, key) = target { true } else { false }
  }

  func matches(sideEffectKey key: AnyHashable) -> Bool {
    if case .sideEffect(key) = target { true } else { false }
  }
}
