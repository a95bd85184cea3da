// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The typed half of a host: the root node, the published rendering and the root's outputs.
///
/// Confined to the main thread like the rest of the runtime; ``WorkflowHost`` is its
/// `@MainActor` face.
@usableFromInline
final class HostCore<W: Workflow>: RuntimeDriver {
  @usableFromInline let runtime: Runtime
  @usableFromInline let root: WorkflowNode<W>
  @usableFromInline let renderingStore: RenderingStore<W.Rendering>
  let outputSignal: Signal<W.Output, Never>
  private let outputInput: Signal<W.Output, Never>.Observer
  @exclusivity(unchecked) private var pendingOutputs: [W.Output] = []
  // Checked instead of pendingOutputs.isEmpty, which in unspecialized code looks up the array's
  // metadata on every step.
  @usableFromInline @exclusivity(unchecked) var hasPendingOutputs = false
  private var isShutDown = false

  @usableFromInline
  init(workflow: W, observers: [any WorkflowObserver], configuration: RuntimeConfiguration) {
    runtime = Runtime(configuration: configuration, observers: observers)
    if runtime.hasObservers {
      runtime.notifyObservers { $0.sessionDidBegin(rootWorkflowType: W.self) }
    }
    root = WorkflowNode(workflow: workflow, key: "", parent: nil, runtime: runtime)
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
    root.outputHandler = { [unowned self] output in
      self.pendingOutputs.append(output)
      self.hasPendingOutputs = true
    }
    runtime.driver = self
    runtime.finishInitialRender()
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
    _ = root.render()
    if runtime.hasObservers { notifyRenderPass(willBegin: false, cause: cause) }
  }

  /// Publishes the rendering (when `rendered`) and the outputs collected since the last call.
  @inlinable
  func deliverInline(rendered: Bool) {
    if rendered { root.publishRendering(to: renderingStore) }
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
    runtime.perform("WorkflowHost<\(W.self)>.update(workflow:)") { [root, runtime] in
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
