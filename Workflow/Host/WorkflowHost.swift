// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// Runs a workflow tree: owns the root node, applies actions, renders, and publishes the
/// rendering and the root's outputs.
///
/// ```swift
/// let host = WorkflowHost(workflow: CounterWorkflow())
/// host.rendering.value.sink.send(.increment)  // completes at once
/// print(host.rendering.value.count)  // 1
/// ```
///
/// The host renders once when created. After that, every batch of actions that changed state
/// produces one new rendering (see ``RuntimeConfiguration``). When the host goes away it tears the
/// tree down: side effects end, workers stop, and sinks fall silent.
@MainActor
public final class WorkflowHost<WorkflowType: Workflow> {
  @usableFromInline let core: HostCore<WorkflowType>

  /// The latest rendering of the root workflow.
  public let rendering: Property<WorkflowType.Rendering>

  /// The outputs of the root workflow, in the order they were produced.
  ///
  /// Each output is sent after the rendering of its batch was published. Outputs that the work
  /// of the first render produced while the host was being created are held and sent at the end
  /// of that main-queue turn, or before the outputs of the next step if one comes first, so an
  /// observer attached right after creating the host receives them. The signal completes when
  /// the host goes away.
  public var output: Signal<WorkflowType.Output, Never> { core.outputSignal }

  /// Creates a host and renders `workflow` for the first time.
  ///
  /// With a snapshot, each node created at a path the snapshot holds, with the same workflow
  /// type, starts from the saved state instead of `makeInitialState()`; children restore as
  /// they are first rendered. An entry that no longer fits (another type at the root, a state
  /// that does not decode) is skipped: the node starts fresh, and observers hear why through
  /// ``WorkflowObserver/snapshotEntryWasSkipped(_:at:)``.
  ///
  /// - Parameters:
  ///   - workflow: The root workflow.
  ///   - snapshot: Saved states to start from, taken with ``snapshot()``.
  ///   - observers: Told about everything the runtime does, in order; passed through
  ///     ``WorkflowObservation/sharedObserversInterceptor`` first.
  ///   - configuration: How the host schedules render passes and how much history it keeps;
  ///     by default ``Runtime/configuration``, the one in effect where the host is made.
  @inlinable
  public init(
    workflow: WorkflowType,
    restoringFrom snapshot: WorkflowSnapshot? = nil,
    observers: [any WorkflowObserver] = [],
    configuration: RuntimeConfiguration = Runtime.configuration
  ) {
    core = HostCore(
      workflow: workflow, restoringFrom: snapshot,
      observers: WorkflowObservation.observers(for: observers), configuration: configuration)
    rendering = Property(capturing: core.renderingStore)
    // Made here, so that the steps run code specialized for the client's workflow.
    core.start(HostCore<WorkflowType>.steps)
  }

  isolated deinit {
    core.shutDown()
  }

  /// Passes a new root workflow value, as a parent would to a child.
  ///
  /// When the host is idle, `workflowDidChange` runs and the new rendering is published before
  /// this method returns; an `Equatable` value equal to the current one changes nothing.
  public func update(workflow: WorkflowType) {
    core.update(workflow: workflow)
  }

  /// The saved states of every ``SnapshottableWorkflow`` node in the live tree.
  ///
  /// - Throws: ``WorkflowSnapshotError`` when a state fails to encode.
  public func snapshot() throws -> WorkflowSnapshot {
    try core.snapshot()
  }

  /// The recorded steps, oldest first: one per batch that rendered, the initial render first.
  ///
  /// Empty unless ``RuntimeConfiguration/historyLimit`` is above zero; the oldest steps are
  /// dropped beyond that limit.
  public var history: [WorkflowHistoryStep] { core.historySteps }

  /// Rebuilds the tree from the history step numbered `number` and publishes its rendering.
  ///
  /// The whole tree is torn down (its workers and side effects stop) and made again from the
  /// step's states: snapshottable nodes start from the states the step kept, as they were
  /// (without encoding them), the others start fresh, and workers and side effects start
  /// again as the new tree renders. Later steps are dropped from the history. Outside a
  /// batch, the new rendering is published before this method returns.
  ///
  /// - Returns: `false`, doing nothing, when the history holds no step with that number, or
  ///   when a state of that step is an object that did not encode when the step was recorded
  ///   (see ``WorkflowHistoryStep/snapshot``).
  @discardableResult
  public func rewind(toStep number: Int) -> Bool {
    core.rewind(toStep: number)
  }

  /// Rewinds to the step before the latest one.
  ///
  /// - Returns: `false`, doing nothing, when the history holds fewer than two steps.
  @discardableResult
  public func undo() -> Bool {
    let steps = history
    guard steps.count >= 2 else { return false }
    return rewind(toStep: steps[steps.count - 2].number)
  }

  /// A picture of the live tree for debugging: every node's type, key, state and children.
  public func debugTree() -> WorkflowDebugTree {
    core.root.debugTree()
  }
}
