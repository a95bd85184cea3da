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
  // Read and written on every render and action: unchecked in release builds, like the base
  // class's fields (see NodeBase).
  #if DEBUG
    /// The workflow value its parent passed last.
    @usableFromInline var workflow: W
    @usableFromInline var state: W.State
    /// The last rendering; `nil` until the first render.
    @usableFromInline var rendering: W.Rendering?
    /// Hands an output to the parent (or the host); `nil` when nobody listens.
    @usableFromInline var outputHandler: ((W.Output) -> Void)?
    /// The sink targets handed out by the node's renders.
    @usableFromInline var sinkTargets = NodeSinkTargets()
  #else
    @usableFromInline @exclusivity(unchecked) var workflow: W
    @usableFromInline @exclusivity(unchecked) var state: W.State
    @usableFromInline @exclusivity(unchecked) var rendering: W.Rendering?
    @usableFromInline @exclusivity(unchecked) var outputHandler: ((W.Output) -> Void)?
    @usableFromInline @exclusivity(unchecked) var sinkTargets = NodeSinkTargets()
  #endif

  // Inlinable so that a parent creates its children with code specialized for their type.
  @inlinable
  init(workflow: W, key: String, parent: NodeBase?, runtime: WorkflowRuntime) {
    info = runtime.typeInfo(for: W.self)
    self.workflow = workflow
    let session =
      runtime.hasObservers ? Self.beginSession(key: key, parent: parent, runtime: runtime) : nil
    state = workflow.makeInitialState()
    super.init(runtime: runtime, key: key, parent: parent, session: session)
    if runtime.hasObservers { notifyDidMakeInitialState() }
  }

  /// Creates a node whose state comes from a snapshot entry or a history step's capture, or
  /// from `makeInitialState()` when the entry cannot be used (observers hear why).
  init(
    workflow: W, key: String, parent: NodeBase?, runtime: WorkflowRuntime,
    restoring entry: consuming RestoreEntry
  ) {
    let info = runtime.typeInfo(for: W.self)
    self.info = info
    self.workflow = workflow
    let session =
      runtime.hasObservers ? Self.beginSession(key: key, parent: parent, runtime: runtime) : nil
    var skipReason: WorkflowSnapshot.SkipReason?
    var isRestored = false
    let pendingChildren: PendingRestores?
    // A snapshot's entry is decoded here, as before captures existed: through a helper that
    // handles both kinds, a restore cost 6% more (P3).
    switch consume entry {
    case .encoded(let entry):
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
      pendingChildren =
        entry.children.isEmpty ? nil : PendingRestores(children: entry.children)
    case .captured(let node):
      state = RestoreEntry.restoredState(
        of: node, with: info, isRestored: &isRestored, skipReason: &skipReason,
        makeInitialState: { workflow.makeInitialState() })
      pendingChildren = node.children.isEmpty ? nil : PendingRestores(captured: node.children)
    }
    super.init(runtime: runtime, key: key, parent: parent, session: session)
    if let pendingChildren { children.pendingRestores = pendingChildren }
    if runtime.hasObservers { notifyDidRestore(isRestored: isRestored, skipReason: skipReason) }
  }

  /// Hands the last rendering to the host's store.
  @inlinable
  func publishRendering(to store: RenderingStore<W.Rendering>) {
    if let rendering { store.publish(rendering) }
  }

  override var typeName: String { info.name }

  override var stateDescription: String { ValueDescription.describe(state) }

  override var snapshotTypeName: String { info.snapshotName }

  override func encodedState() throws -> Data? {
    try info.stateCoder?.encode(state)
  }

  override func captureState() -> CapturedState? {
    info.stateCoder?.capture(state)
  }

  override var runningWorkerName: String? {
    (workflow as? any WorkerRunning).map { String(describing: type(of: $0.anyWorker)) }
  }

  override var isWorkerWithEndedWork: Bool {
    (workflow as? any WorkerRunning)?.hasEnded(state: state) ?? false
  }

  // MARK: Rendering

  /// Traps unless render number `renderNumber` of this node is running: a render context is
  /// valid only during its render.
  @inlinable @inline(__always)
  func checkRenderIsRunning(_ renderNumber: UInt64) {
    guard status.isRendering, status.renderNumber == renderNumber else {
      contextUsedAfterRender()
    }
  }

  @usableFromInline
  func contextUsedAfterRender() -> Never {
    fatalError(
      """
      RenderContext<\(W.self)> used after its render pass; make sinks during render and send \
      through them later
      """)
  }

  /// Takes a new workflow value from the parent, before the node renders.
  @inlinable @inline(__always)
  func update(workflow newWorkflow: W) {
    if isUnchanged(by: newWorkflow) { return }
    replaceWorkflow(with: newWorkflow)
  }

  /// Whether `newWorkflow` equals the node's workflow value: `==` when the type is `Equatable`,
  /// else false.
  ///
  /// Resolved at compile time (it always runs specialized): for a workflow type without stored
  /// properties it is a constant.
  @inlinable @inline(__always)
  func isUnchanged(by newWorkflow: W) -> Bool {
    Equality<W>.areEqualByEquatable(workflow, newWorkflow) == true
  }

  /// The last rendering, when partial rendering lets the node hand it out again without
  /// rendering: nothing in its subtree changed, and no observer waits to hear of the reuse.
  @inlinable @inline(__always)
  var reusableRendering: W.Rendering? {
    guard status.mayReuseSilently else { return nil }
    return rendering
  }

  /// Takes `newWorkflow`, which differs from the node's workflow value, and marks the node as
  /// needing a render.
  @inlinable
  func replaceWorkflow(with newWorkflow: W) {
    let previous = workflow
    workflow = newWorkflow
    newWorkflow.workflowDidChange(from: previous, state: &state)
    status.needsRender = true
    if runtime.hasObservers { notifyDidChange(from: previous) }
  }

  /// Returns the node's rendering, calling `render` unless partial rendering may reuse the last.
  ///
  /// The reuse of an unchanged rendering is inlined into the parent's render: with no call
  /// between the parent's loop and the copy of the rendering, the parent and the key need no
  /// retain around it (R2). Everything else is out of line.
  @inlinable @inline(__always)
  func render() -> W.Rendering {
    if let rendering = reusableRendering { return rendering }
    return renderUnlessReusable()
  }

  /// Renders the node, or reuses its last rendering when partial rendering allows it (telling
  /// the observers).
  @inlinable @inline(never)
  func renderUnlessReusable() -> W.Rendering {
    updatedRendering()
  }

  /// ``renderUnlessReusable()`` inline, for callers already out of line.
  @inlinable @inline(__always)
  func updatedRendering() -> W.Rendering {
    updateRendering()
    guard let rendering else { preconditionFailure("\(W.self) has no rendering after its render") }
    return rendering
  }

  /// Brings the stored rendering up to date, without handing it out: the root's render, whose
  /// rendering the host publishes from the node (R1: a copy and its release fewer per step).
  @inlinable @inline(__always)
  func updateRendering() {
    if runtime.isPartialRenderingEnabled, !status.needsRender, !status.subtreeNeedsRender,
      rendering != nil
    {
      if runtime.hasObservers { notifyDidReuseRendering() }
      return
    }
    runtime.renderCount &+= 1
    status.renderNumber = runtime.renderCount
    let completions = runtime.hasObservers ? notifyWillRender() : nil
    status.isRendering = true
    let newRendering = workflow.render(
      state: state, context: RenderContext(node: self, renderNumber: status.renderNumber))
    status.isRendering = false
    // Most nodes are leaves without side effects: the checks are inline, the work out of line.
    if children.hasRenderToFinish { finishChildren() } else { checkChildInvariants() }
    if !sideEffects.isEmpty { finishSideEffects() }
    rendering = newRendering
    status.endRender()
    if let completions, let rendering { notifyDidRender(rendering, completing: completions) }
  }

  // MARK: Actions

  /// Applies `action` to the state and passes any output on.
  @inlinable
  func apply<A: WorkflowAction>(_ action: A) where A.WorkflowType == W {
    if runtime.hasObservers {
      applyObserved(action)
      return
    }
    // Comparable states are compared with == resolved at compile time (apply always runs
    // specialized: its callers are made in the client's render); others count as changed.
    let output: W.Output?
    if Equality<W.State>.canCompare {
      let before = state
      output = action.apply(toState: &state, context: ApplyContext(node: self))
      if Equality<W.State>.areEqual(before, state) == false { stateDidChange() }
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
    sinkTargets.detachAll()
    outputHandler = nil
  }
}
