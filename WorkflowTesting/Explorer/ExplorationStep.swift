// SPDX-License-Identifier: Apache-2.0

import Workflow

/// What a ``WorkflowExplorer``'s invariants see after each step: the rendering and the states of
/// the tree, before and after the move.
///
/// ```swift
/// .invariant("a move books or frees one seat at most") { step in
///   guard let before = step.previousState else { return [] }
///   let change = abs(step.state.booked - before.booked)
///   return change > 1 ? ["\(change) seats changed at once"] : []
/// }
/// ```
public struct ExplorationStep<WorkflowType: Workflow> {
  /// The step's number in its run: 0 for the host's first render, then one per move.
  public let number: Int

  /// The code of the move just made; `nil` for the first render.
  public let move: String?

  /// The rendering after the move.
  public let rendering: WorkflowType.Rendering

  /// The rendering before the move; `nil` for the first render.
  public let previousRendering: WorkflowType.Rendering?

  /// The outputs the root produced during the move, in order.
  public let outputs: [WorkflowType.Output]

  let nodeStates: [(path: WorkflowNodePath, state: TreeRecorder.NodeState)]
  let previousNodeStates: [(path: WorkflowNodePath, state: TreeRecorder.NodeState)]?

  /// The root workflow's state after the move.
  public var state: WorkflowType.State {
    // The root has a state from its first render on.
    rootState(in: nodeStates)!
  }

  /// The root workflow's state before the move; `nil` for the first render.
  public var previousState: WorkflowType.State? {
    previousNodeStates.flatMap(rootState(in:))
  }

  /// The states of every live node of type `type` after the move, in the order of their paths.
  public func states<W: Workflow>(of type: W.Type) -> [W.State] {
    Self.states(of: type, in: nodeStates)
  }

  /// The states of every node of type `type` before the move, in the order of their paths;
  /// empty for the first render.
  public func previousStates<W: Workflow>(of type: W.Type) -> [W.State] {
    previousNodeStates.map { Self.states(of: type, in: $0) } ?? []
  }

  private func rootState(
    in states: [(path: WorkflowNodePath, state: TreeRecorder.NodeState)]
  ) -> WorkflowType.State? {
    states.first { $0.path.components.count == 1 }?.state.state as? WorkflowType.State
  }

  private static func states<W: Workflow>(
    of type: W.Type, in states: [(path: WorkflowNodePath, state: TreeRecorder.NodeState)]
  ) -> [W.State] {
    let id = ObjectIdentifier(type)
    return states.compactMap { $0.state.typeID == id ? $0.state.state as? W.State : nil }
  }
}

extension TreeRecorder {
  /// The live nodes' states, ordered by path.
  var orderedStates: [(path: WorkflowNodePath, state: NodeState)] {
    states.map { ($0.key, $0.value) }.sorted { $0.path.description < $1.path.description }
  }
}
