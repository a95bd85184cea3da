// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The node of one workflow in the tree: its props, state, last rendering and sinks.
///
/// The methods of the render and action paths are inlinable so that they are specialized, with
/// the client's workflow types, in the module that renders them: unspecialized, every copy of a
/// workflow, state or rendering went through value witnesses and metadata lookups.
@usableFromInline
final class WorkflowNode<W: Workflow>: NodeBase {
  @usableFromInline let info: WorkflowTypeInfo<W>
  @usableFromInline @exclusivity(unchecked) var workflow: W
  @usableFromInline @exclusivity(unchecked) var state: W.State
  // Not an Optional: in unspecialized generic code every access to an Optional<Rendering>
  // looks its metadata up, which dominated the cost of reusing a cached rendering.
  @usableFromInline let renderingStorage: UnsafeMutablePointer<W.Rendering>
  @usableFromInline @exclusivity(unchecked) var hasRendering = false
  /// Hands an output to the parent (or the host); `nil` when nobody listens.
  @usableFromInline @exclusivity(unchecked) var outputHandler: ((W.Output) -> Void)?
  /// The first sink target handed out by ``RenderContext/makeSink(of:)``; most workflows have
  /// one action type, and a field saves allocating the array below.
  @usableFromInline @exclusivity(unchecked) var firstSinkTarget:
    (id: ObjectIdentifier, target: any NodeBoundSinkTarget)?
  /// Further sink targets, one per action type.
  @usableFromInline @exclusivity(unchecked) var sinkTargets:
    ContiguousArray<(id: ObjectIdentifier, target: any NodeBoundSinkTarget)> =
      []
  @exclusivity(unchecked) var outputSinkTarget: OutputSinkTarget<W>?

  // Inlinable so that a parent creates its children with code specialized for their type.
  @inlinable
  init(workflow: W, key: String, parent: NodeBase?, runtime: Runtime) {
    info = runtime.typeInfo(for: W.self)
    self.workflow = workflow
    let session =
      runtime.hasObservers ? Self.beginSession(key: key, parent: parent, runtime: runtime) : nil
    state = workflow.makeInitialState()
    renderingStorage = allocateOne(W.Rendering.self)
    super.init(runtime: runtime, key: key, parent: parent, session: session)
    if runtime.hasObservers { notifyDidMakeInitialState() }
  }

  /// Creates a node whose state comes from a snapshot entry, or from `makeInitialState()` when
  /// the entry cannot be used (observers hear why).
  @usableFromInline
  init(
    workflow: W, key: String, parent: NodeBase?, runtime: Runtime,
    restoring entry: WorkflowSnapshot.Node
  ) {
    let info = runtime.typeInfo(for: W.self)
    self.info = info
    self.workflow = workflow
    let session =
      runtime.hasObservers ? Self.beginSession(key: key, parent: parent, runtime: runtime) : nil
    var skipReason: WorkflowSnapshot.SkipReason?
    var isRestored = false
    if let saved = entry.state, let coder = info.stateCoder {
      do {
        state = try coder.decode(saved)
        isRestored = true
      } catch {
        skipReason = .decodingFailed(
          workflowType: info.snapshotName, reason: describeDecodingError(error))
        state = workflow.makeInitialState()
      }
    } else {
      if entry.state != nil { skipReason = .notSnapshottable(workflowType: info.snapshotName) }
      state = workflow.makeInitialState()
    }
    renderingStorage = allocateOne(W.Rendering.self)
    super.init(runtime: runtime, key: key, parent: parent, session: session)
    if !entry.children.isEmpty { pendingRestores = PendingRestores(children: entry.children) }
    if runtime.hasObservers { notifyDidRestore(isRestored: isRestored, skipReason: skipReason) }
  }

  deinit {
    if hasRendering { renderingStorage.deinitialize(count: 1) }
    deallocateOne(renderingStorage)
  }

  /// The last rendering, if the node rendered.
  var rendering: W.Rendering? {
    hasRendering ? renderingStorage.pointee : nil
  }

  /// Hands the last rendering to the host's store.
  @inlinable
  func publishRendering(to store: RenderingStore<W.Rendering>) {
    if hasRendering { store.value = renderingStorage.pointee }
  }

  override var typeName: String { info.name }

  override var stateDescription: String { ValueDescription.describe(state) }

  override var snapshotTypeName: String { info.snapshotName }

  override func encodedState() throws -> Data? {
    try info.stateCoder?.encode(state)
  }

  override func captureState() -> (() throws -> Data)? {
    info.stateCoder?.capture(state)
  }

  override var runningWorkerName: String? {
    (workflow as? any WorkerRunning).map { String(describing: type(of: $0.anyWorker)) }
  }

  override var isWorkerWithEndedWork: Bool {
    (workflow as? any WorkerRunning)?.hasEnded(state: state) ?? false
  }

  // MARK: Rendering

  /// Takes a new workflow value from the parent, before the node renders.
  @inlinable @inline(__always)
  func update(workflow newWorkflow: W) {
    if info.workflowsAreAlwaysEqual { return }
    if let areEqual = info.areWorkflowsEqual, areEqual(workflow, newWorkflow) { return }
    let previous = workflow
    workflow = newWorkflow
    newWorkflow.workflowDidChange(from: previous, state: &state)
    needsRender = true
    if runtime.hasObservers { notifyDidChange(from: previous) }
  }

  /// Returns the node's rendering, calling `render` unless partial rendering may reuse the last.
  @inlinable
  func render() -> W.Rendering {
    if runtime.isPartialRenderingEnabled, !needsRender, !subtreeNeedsRender,
      hasRendering
    {
      if runtime.hasObservers { notifyDidReuseRendering() }
      return renderingStorage.pointee
    }
    runtime.renderCount &+= 1
    renderNumber = runtime.renderCount
    let completions = runtime.hasObservers ? notifyWillRender() : nil
    isRendering = true
    let newRendering = workflow.render(
      state: state, context: RenderContext(node: self, renderNumber: renderNumber))
    isRendering = false
    finishChildren()
    finishSideEffects()
    if hasRendering {
      renderingStorage.pointee = newRendering
    } else {
      renderingStorage.initialize(to: newRendering)
      hasRendering = true
    }
    needsRender = false
    subtreeNeedsRender = false
    if let completions { notifyDidRender(newRendering, completing: completions) }
    return newRendering
  }

  // MARK: Actions

  /// Applies `action` to the state and passes any output on.
  @inlinable
  func apply<A: WorkflowAction>(_ action: A) where A.WorkflowType == W {
    if runtime.hasObservers {
      applyObserved(action)
      return
    }
    let output: W.Output?
    if MemoryLayout<W.State>.size == 0 {
      // One possible value: never a change (as WorkflowTypeInfo.areStatesEqual says).
      output = action.apply(toState: &state, context: ApplyContext(node: self))
    } else if let witness = EqualityProbe<W.State>.self as? any EqualityWitness.Type {
      let before = state
      output = action.apply(toState: &state, context: ApplyContext(node: self))
      let isUnchanged = withUnsafePointer(to: before) { lhs in
        withUnsafePointer(to: state) { rhs in witness.areEqual(lhs, rhs) }
      }
      if !isUnchanged { stateDidChange() }
    } else {
      output = action.apply(toState: &state, context: ApplyContext(node: self))
      stateDidChange()
    }
    if let output { emit(output) }
  }

  /// Passes on an output sent through the node's output sink, as if an action had returned it.
  @usableFromInline
  func emitFromSink(_ output: W.Output) {
    if runtime.hasObservers { notifyOutputSent() }
    emit(output)
  }

  /// Passes `output` to the parent.
  @inlinable
  func emit(_ output: W.Output) {
    if runtime.hasObservers { notifyDidEmitOutput(output) }
    if let outputHandler { outputHandler(output) }
  }

  // MARK: Teardown

  override func retire() {
    super.retire()
    firstSinkTarget?.target.detach()
    for entry in sinkTargets { entry.target.detach() }
    outputSinkTarget?.detach()
    outputHandler = nil
  }
}
