// SPDX-License-Identifier: Apache-2.0

import Workflow

/// One thing a render is expected to ask for: a child workflow, a worker or a side effect.
struct RenderExpectation<Parent: Workflow> {
  enum Kind {
    case workflow
    case worker
    case sideEffect
  }

  let kind: Kind
  /// The concrete child type the runtime would key the child by; `nil` for side effects.
  let childTypeID: ObjectIdentifier?
  /// What the failure messages call the expectation, e.g. `workflow Timer key "a"`.
  let summary: String
  let key: String
  let site: CallSite
  /// Checks the requested child value and returns a failure message, or `nil` when it is fine.
  let check: (Any) -> String?
  /// The rendering handed back for the child.
  let rendering: Any
  /// The output the child reports after the render, if any.
  let output: Any?
  /// The action a side effect sends after the render, if any.
  let action: (any WorkflowAction<Parent>)?

  func matches(childTypeID: ObjectIdentifier, key: String) -> Bool {
    kind != .sideEffect && self.childTypeID == childTypeID && self.key == key
  }

  func matches(sideEffectKey key: String) -> Bool {
    kind == .sideEffect && self.key == key
  }
}
