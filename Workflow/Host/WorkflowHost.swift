// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// Runs a workflow tree: owns the root node, applies actions, renders, and publishes the
/// rendering and the root's outputs.
///
/// ```swift
/// let host = WorkflowHost(workflow: CounterWorkflow())
/// host.rendering.value.increment()   // a send on the main actor completes at once
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
  /// Each output is sent after the rendering of its batch was published. The signal completes
  /// when the host goes away.
  public var output: Signal<WorkflowType.Output, Never> { core.outputSignal }

  /// Creates a host and renders `workflow` for the first time.
  ///
  /// - Parameters:
  ///   - workflow: The root workflow.
  ///   - observers: Told about everything the runtime does, in order.
  ///   - configuration: How the host schedules render passes.
  @inlinable
  public init(
    workflow: WorkflowType,
    observers: [any WorkflowObserver] = [],
    configuration: RuntimeConfiguration = .default
  ) {
    core = HostCore(workflow: workflow, observers: observers, configuration: configuration)
    rendering = Property(core.renderingStore)
    // Closures made here run code specialized for the client's workflow. Unowned: the core owns
    // the runtime that keeps them, and its shutdown drops them.
    let core = self.core
    core.installSpecializedSteps(
      render: { [unowned(unsafe) core] cause in core.renderRootInline(cause: cause) },
      deliver: { [unowned(unsafe) core] rendered in core.deliverInline(rendered: rendered) })
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

  /// A snapshot of the live tree: every node's type, key, state and children.
  public func debugTree() -> WorkflowTreeSnapshot {
    core.root.snapshot()
  }
}
