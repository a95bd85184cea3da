// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The typed half of a host: the root node, the published rendering and the root's outputs.
///
/// Not `Sendable`: the `@MainActor` ``WorkflowHost`` owns it, so the compiler keeps it, the
/// runtime and the nodes on the main actor. The ``WorkflowRuntime`` runs the steps and calls back through
/// the ``HostSteps`` the host's initializer hands to ``start(_:)``.
@usableFromInline
final class HostCore<W: Workflow> {
  @usableFromInline let runtime: WorkflowRuntime
  /// The root node; replaced when the host rewinds.
  ///
  /// The render and deliver steps read it without retaining it: a strong `var` read as usual
  /// was retained and released twice per action (8% of R1's instructions).
  @usableFromInline @exclusivity(unchecked) var root: WorkflowNode<W>
  @usableFromInline let renderingStore: RenderingStore<W.Rendering>
  let outputSignal: Signal<W.Output, Never>
  private let outputInput: Signal<W.Output, Never>.Observer
  /// The root's outputs not yet sent; the step's state machine says when they go out (see
  /// ``StepStateMachine/RootOutputs``).
  @exclusivity(unchecked) private var pendingOutputs: [W.Output] = []
  private var isShutDown = false
  /// The snapshots of recent steps, when the configuration asks for a history.
  let history: HistoryRecorder?

  @usableFromInline
  init(
    workflow: W, restoringFrom snapshot: WorkflowSnapshot?, observers: [any WorkflowObserver],
    configuration: RuntimeConfiguration
  ) {
    let history =
      configuration.historyLimit > 0 ? HistoryRecorder(limit: configuration.historyLimit) : nil
    self.history = history
    runtime = WorkflowRuntime(configuration: configuration, observers: observers, history: history)
    if runtime.hasObservers { runtime.observers.hostDidBegin(rootWorkflowType: W.self) }
    let root = Self.makeRoot(workflow: workflow, restoringFrom: snapshot, runtime: runtime)
    self.root = root
    var initial: W.Rendering?
    runtime.renderInitially { [root] in initial = root.render() }
    renderingStore = RenderingStore(initial!)
    (outputSignal, outputInput) = Signal.pipe()
    attachOutputHandler(to: root)
    if let history {
      history.captureTree = { [unowned self] in self.capture() }
      history.recordInitialStep()
    }
  }

  /// Connects the step loop to the host through `steps`, then starts the work of the first
  /// render and handles what it sends (see ``WorkflowRuntime/start(host:)``).
  @usableFromInline
  func start(_ steps: HostSteps) {
    runtime.start(host: self, steps: steps)
  }

  /// The steps of a host of `W`, in code specialized for it: each takes the core that
  /// ``start(_:)`` hands the runtime.
  @inlinable
  static var steps: HostSteps {
    HostSteps(
      render: { host in core(host).renderRoot() },
      publish: { host, rendered, sendsOutputs in
        core(host).publish(rendered: rendered, sendsOutputs: sendsOutputs)
      })
  }

  /// `host` as the core it is: the runtime hands its steps only the core that started it.
  @inlinable @inline(__always)
  static func core(_ host: AnyObject) -> HostCore {
    unsafeDowncast(host, to: HostCore.self)
  }

  /// Makes the root node, from the snapshot's root entry when it was saved from `W`.
  private static func makeRoot(
    workflow: W, restoringFrom snapshot: WorkflowSnapshot?, runtime: WorkflowRuntime
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
        runtime.observers.snapshotEntryWasSkipped(reason, at: path)
      }
      return WorkflowNode(workflow: workflow, key: "", parent: nil, runtime: runtime)
    }
    return WorkflowNode(
      workflow: workflow, key: "", parent: nil, runtime: runtime,
      restoring: .encoded(snapshot.root))
  }

  private func attachOutputHandler(to node: WorkflowNode<W>) {
    node.outputHandler = { [unowned self] output in
      self.pendingOutputs.append(output)
      self.runtime.step.noteRootOutput()
    }
  }

  /// The snapshot of the live tree: the history's capture of it while no action has been
  /// applied since (encoded once, however often it is asked for), else a new one.
  func snapshot() throws -> WorkflowSnapshot {
    if let current = history?.currentCapture { return try current.snapshot() }
    // The root always has an entry.
    return WorkflowSnapshot(root: try root.snapshotEntry(isRoot: true)!)
  }

  /// The states of the live tree as they are now.
  func capture() -> SnapshotCapture {
    // The root always has an entry.
    SnapshotCapture(root: root.capture(isRoot: true)!)
  }

  /// The steps of the history, oldest first; empty without a history.
  var historySteps: [WorkflowHistoryStep] { history?.steps ?? [] }

  /// Rebuilds the tree from the history step numbered `number`; false when there is none, or
  /// when a state of it cannot be restored.
  ///
  /// The step's states are restored as they were captured, without going through JSON (see
  /// ``SnapshotCapture``).
  func rewind(toStep number: Int) -> Bool {
    guard let history, let capture = history.capture(ofStep: number), capture.root.isRestorable
    else {
      return false
    }
    runtime.perform("WorkflowHost<\(W.self)>.rewind(toStep:)") { [self, runtime] in
      guard root.isAlive else { return }
      history.truncate(after: number)
      let workflow = root.workflow
      root.tearDown()
      // The capture was taken of this host's root, which is always a `W`.
      let newRoot = WorkflowNode(
        workflow: workflow, key: "", parent: nil, runtime: runtime,
        restoring: .captured(capture.root))
      root = newRoot
      attachOutputHandler(to: newRoot)
      runtime.step.noteRootWorkflowChange()
      if runtime.hasObservers { runtime.observers.treeWasRebuilt(cause: .rewind(toStep: number)) }
    }
    return true
  }

  /// Renders the tree from the root; the step loop's ``HostSteps/render``.
  ///
  /// Inlinable, like ``publish(rendered:sendsOutputs:)``, so that ``WorkflowHost``'s
  /// initializer makes the steps in code specialized for `W`.
  @inlinable
  func renderRoot() {
    withUnretained(Unmanaged.passUnretained(root)) { root in
      if !root.status.mayReuseSilently { root.updateRendering() }
    }
  }

  /// Publishes the rendering (when `rendered`) and sends the outputs collected since the last
  /// time (when `sendsOutputs`); the step loop's ``HostSteps/publish``.
  @inlinable
  func publish(rendered: Bool, sendsOutputs: Bool) {
    if rendered {
      withUnretained(Unmanaged.passUnretained(root)) { $0.publishRendering(to: renderingStore) }
    }
    if sendsOutputs { sendPendingOutputs() }
  }

  @usableFromInline
  func sendPendingOutputs() {
    let outputs = pendingOutputs
    pendingOutputs.removeAll()
    for output in outputs { outputInput.send(value: output) }
  }

  func update(workflow: W) {
    // Reads the root when the update runs: a rewind queued before it may have replaced it.
    runtime.perform("WorkflowHost<\(W.self)>.update(workflow:)") { [self, runtime] in
      let root = self.root
      guard root.isAlive else { return }
      if let areEqual = root.info.areWorkflowsEqual, areEqual(root.workflow, workflow) { return }
      root.update(workflow: workflow)
      runtime.step.noteRootWorkflowChange()
      if runtime.hasObservers { runtime.observers.noteCause(.workflowUpdate) }
    }
  }

  func shutDown() {
    guard !isShutDown else { return }
    isShutDown = true
    runtime.shutDown(host: self) { root.tearDown() }
    outputInput.sendCompleted()
    if runtime.hasObservers { runtime.observers.hostDidEnd() }
  }
}
