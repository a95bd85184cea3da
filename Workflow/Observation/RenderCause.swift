// SPDX-License-Identifier: Apache-2.0

/// Why a render pass runs.
public enum RenderCause: Hashable, Sendable {
  /// The host's first render.
  case initial
  /// An action was applied at the node at this path (the first of its batch).
  case action(at: WorkflowNodePath)
  /// ``WorkflowHost/update(workflow:)`` passed a new root workflow value.
  case workflowUpdate
}
