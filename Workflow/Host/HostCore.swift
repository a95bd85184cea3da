// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The typed half of a host: the root node, the published rendering and the root's outputs.
///
/// Confined to the main thread like the rest of the runtime; ``WorkflowHost`` is its
/// `@MainActor` face.
@usableFromInline
final class HostCore<W: Workflow>: RuntimeDriver {
  let runtime: Runtime
  let root: WorkflowNode<W>
  @usableFromInline let renderingStore: RenderingStore<W.Rendering>
  let outputSignal: Signal<W.Output, Never>
  private let outputInput: Signal<W.Output, Never>.Observer
  @exclusivity(unchecked) private var pendingOutputs: [W.Output] = []
  // Checked instead of pendingOutputs.isEmpty, which in unspecialized code looks up the array's
  // metadata on every step.
  @exclusivity(unchecked) private var hasPendingOutputs = false
  private var isShutDown = false

  /// Renders the root, and publishes its rendering, with code specialized in the module that
  /// made the host; the generic methods of this class run unspecialized.
  private var renderRootSpecialized: ((WorkflowNode<W>) -> Void)?
  private var publishSpecialized: ((WorkflowNode<W>, RenderingStore<W.Rendering>) -> Void)?

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

  /// Installs the specialized render and publish steps; ``WorkflowHost`` calls it from its
  /// inlinable initializer.
  @usableFromInline
  func specialize(
    renderRoot: @escaping (WorkflowNode<W>) -> Void,
    publish: @escaping (WorkflowNode<W>, RenderingStore<W.Rendering>) -> Void
  ) {
    renderRootSpecialized = renderRoot
    publishSpecialized = publish
  }

  func renderRoot(cause: RenderCause) {
    if runtime.hasObservers { runtime.notifyObservers { $0.renderPassWillBegin(cause: cause) } }
    if let renderRootSpecialized {
      renderRootSpecialized(root)
    } else {
      _ = root.render()
    }
    if runtime.hasObservers { runtime.notifyObservers { $0.renderPassDidEnd(cause: cause) } }
  }

  func deliverNotifications(rendered: Bool) {
    if rendered {
      if let publishSpecialized {
        publishSpecialized(root, renderingStore)
      } else {
        root.publishRendering(to: renderingStore)
      }
    }
    guard hasPendingOutputs else { return }
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
