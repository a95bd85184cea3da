// SPDX-License-Identifier: Apache-2.0

/// Why a render pass runs.
public enum RenderCause: Hashable, Codable, Sendable {
  /// The host's first render.
  case initial
  /// An action was applied at the node at this path (the first of its batch).
  case action(at: WorkflowNodePath)
  /// A worker's output was applied at the worker's node at this path (the first of its batch).
  case workerOutput(at: WorkflowNodePath)
  /// ``WorkflowHost/update(workflow:)`` passed a new root workflow value.
  case workflowUpdate
  /// ``WorkflowHost/rewind(toStep:)`` rebuilt the tree from the history step with this number.
  case rewind(toStep: Int)
}

extension RenderCause: CustomStringConvertible {
  /// The cause in a few words, e.g. `action at Root/Child[key]`.
  public var description: String {
    switch self {
    case .initial: "initial"
    case .action(let path): "action at \(path)"
    case .workerOutput(let path): "worker output at \(path)"
    case .workflowUpdate: "workflow update"
    case .rewind(let step): "rewind to step \(step)"
    }
  }
}
