// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The typed half of a host: the root node, the published rendering and the root's outputs.
///
/// Confined to the main thread like the rest of the runtime; ``WorkflowHost`` is its
/// `@MainActor` face.
@usableFromInline
final class HostCore<W: Workflow>: RuntimeDriver {
  @usableFromInline let runtime: Runtime
  /// The root node; replaced when the host rewinds.
  ///
  /// The render and deliver steps read it without retaining it: a strong `var` read as usual
  /// was retained and released twice per action (8% of R1's instructions).
  @usableFromInline @exclusivity(unchecked) var root: WorkflowNode<W>
  @usableFromInline let renderingStore: RenderingStore<W.Rendering>
  let outputSignal: Signal<W.Output, Never>
  private let outputInput: Signal<W.Output, Never>.Observer
  @exclusivity(unchecked) private var pendingOutputs: [W.Output] = []
  // Checked instead of pendingOutputs.isEmpty, which in unspecialized code looks up the array's
  // metadata on every step.
  @usableFromInline @exclusivity(unchecked) var hasPendingOutputs = false
  private var isShutDown = false
  /// The snapshots of recent steps, when the configuration asks for a history.
  let history: HistoryRecorder?

  @usableFromInline
  init(
    workflow: W, restoringFrom snapshot: WorkflowSnapshot?, observers: [any WorkflowObserver],
    configuration: RuntimeConfiguration
  ) {
    let history =
      configuration.historyLimit > 0
      ? HistoryRecorder(
        limit: configuration.historyLimit,
        rendersOnlyChanges: configuration.skipsRenderWhenStateIsUnchanged) : nil
    self.history = history
    runtime = Runtime(
      configuration: configuration, observers: history.map { observers + [$0] } ?? observers)
    if runtime.hasObservers {
      runtime.notifyObservers { $0.sessionDidBegin(rootWorkflowType: W.self) }
    }
    let root = Self.makeRoot(workflow: workflow, restoringFrom: snapshot, runtime: runtime)
    self.root = root
    var initial: W.Rendering?
    runtime.runInitialRender { [root, runtime] in
      if runtime.hasObservers {
        runtime.notifyObservers { $0.renderPassWillBegin(cause: .initial) }
      }
      initial = root.render()
      if runtime.hasObservers { runtime.notifyObservers { $0.renderPassDidEnd(cause: .initial) } }
    }
    renderingStore = RenderingStore(initial!)
    (outputSignal, outputInput) = Signal.pipe()
    attachOutputHandler(to: root)
    runtime.driver = self
    if let history {
      history.takeSnapshot = { [unowned self] in try self.makeSnapshot() }
      history.recordInitialStep()
    }
    runtime.finishInitialRender()
  }

  /// Makes the root node, from the snapshot's root entry when it was saved from `W`.
  private static func makeRoot(
    workflow: W, restoringFrom snapshot: WorkflowSnapshot?, runtime: Runtime
  ) -> WorkflowNode<W> {
    guard let snapshot else {
      return WorkflowNode(workflow: workflow, key: "", parent: nil, runtime: runtime)
    }
    let typeName = runtime.typeInfo(for: W.self).snapshotName
    guard snapshot.root.workflowType == typeName else {
      if runtime.hasObservers {
        let path = WorkflowNodePath(components: [.init(typeName: "\(W.self)", key: "")])
        let reason = WorkflowSnapshot.SkipReason.typeChanged(
          saved: snapshot.root.workflowType, current: typeName)
        runtime.notifyObservers { $0.snapshotEntryWasSkipped(reason, at: path) }
      }
      return WorkflowNode(workflow: workflow, key: "", parent: nil, runtime: runtime)
    }
    return WorkflowNode(
      workflow: workflow, key: "", parent: nil, runtime: runtime, restoring: snapshot.root)
  }

  private func attachOutputHandler(to node: WorkflowNode<W>) {
    node.outputHandler = { [unowned self] output in
      self.pendingOutputs.append(output)
      self.hasPendingOutputs = true
    }
  }

  /// The snapshot of the live tree: the one the history took of it while no action has been
  /// applied since, else a new one.
  func snapshot() throws -> WorkflowSnapshot {
    if let current = history?.currentSnapshot { return current }
    return try makeSnapshot()
  }

  /// A new snapshot of the live tree.
  func makeSnapshot() throws -> WorkflowSnapshot {
    // The root always has an entry.
    WorkflowSnapshot(root: try root.snapshotEntry(isRoot: true)!)
  }

  /// The steps of the history, oldest first; empty without a history.
  var historySteps: [WorkflowHistoryStep] { history?.steps ?? [] }

  /// Rebuilds the tree from the history step numbered `number`; false when there is none.
  func rewind(toStep number: Int) -> Bool {
    guard let history, let step = history.steps.first(where: { $0.number == number }) else {
      return false
    }
    runtime.perform("WorkflowHost<\(W.self)>.rewind(toStep:)") { [self, runtime] in
      guard root.isAlive else { return }
      history.truncate(after: number)
      let workflow = root.workflow
      root.tearDown()
      let newRoot = Self.makeRoot(
        workflow: workflow, restoringFrom: step.snapshot, runtime: runtime)
      root = newRoot
      attachOutputHandler(to: newRoot)
      runtime.rootWorkflowDidChange = true
      runtime.renderCause = .rewind(toStep: number)
    }
    return true
  }

  /// Hands the runtime the host's render and deliver steps, made in code specialized for `W`;
  /// ``WorkflowHost`` calls it from its inlinable initializer. Without them the runtime calls
  /// the generic methods below, whose every copy of a rendering goes through value witnesses.
  @usableFromInline
  func installSpecializedSteps(
    render: @escaping (RenderCause) -> Void, deliver: @escaping (Bool) -> Void
  ) {
    runtime.renderStep = render
    runtime.deliverStep = deliver
  }

  func renderRoot(cause: RenderCause) {
    renderRootInline(cause: cause)
  }

  func deliverNotifications(rendered: Bool) {
    deliverInline(rendered: rendered)
  }

  /// Renders the tree from the root, telling observers.
  @inlinable
  func renderRootInline(cause: RenderCause) {
    if runtime.hasObservers { notifyRenderPass(willBegin: true, cause: cause) }
    _ = Unmanaged.passUnretained(root)._withUnsafeGuaranteedRef { $0.render() }
    if runtime.hasObservers { notifyRenderPass(willBegin: false, cause: cause) }
  }

  /// Publishes the rendering (when `rendered`) and the outputs collected since the last call.
  @inlinable
  func deliverInline(rendered: Bool) {
    if rendered {
      Unmanaged.passUnretained(root)._withUnsafeGuaranteedRef {
        $0.publishRendering(to: renderingStore)
      }
    }
    if hasPendingOutputs { sendPendingOutputs() }
  }

  @usableFromInline
  func notifyRenderPass(willBegin: Bool, cause: RenderCause) {
    if willBegin {
      runtime.notifyObservers { $0.renderPassWillBegin(cause: cause) }
    } else {
      runtime.notifyObservers { $0.renderPassDidEnd(cause: cause) }
    }
  }

  @usableFromInline
  func sendPendingOutputs() {
    let outputs = pendingOutputs
    pendingOutputs.removeAll()
    hasPendingOutputs = false
    for output in outputs { outputInput.send(value: output) }
  }

  func update(workflow: W) {
    // Reads the root when the update runs: a rewind queued before it may have replaced it.
    runtime.perform("WorkflowHost<\(W.self)>.update(workflow:)") { [self, runtime] in
      let root = self.root
      guard root.isAlive else { return }
      if let areEqual = root.info.areWorkflowsEqual, areEqual(root.workflow, workflow) { return }
      root.update(workflow: workflow)
      runtime.rootWorkflowDidChange = true
      if runtime.hasObservers, runtime.renderCause == nil {
        runtime.renderCause = .workflowUpdate
      }
    }
  }

  func shutDown() {
    guard !isShutDown else { return }
    isShutDown = true
    runtime.shutDown { root.tearDown() }
    outputInput.sendCompleted()
    if runtime.hasObservers { runtime.notifyObservers { $0.sessionDidEnd() } }
  }
}
