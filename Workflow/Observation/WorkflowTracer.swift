// SPDX-License-Identifier: Apache-2.0

/// A ``WorkflowObserver`` that records what each step of a host did, keeping the last few.
///
/// ```swift
/// let tracer = WorkflowTracer(capacity: 20)
/// let host = WorkflowHost(workflow: TallyWorkflow(goal: 3), observers: [tracer])
/// host.rendering.value.actions.send(.tap)  // ... use the app ...
/// for pass in tracer.passes { print(pass) }
/// ```
///
/// Each ``RenderPassTrace`` holds the cause of the pass, the actions applied before it (with
/// the state fields each changed), the outputs passed up, and every node rendered or reused.
/// A step whose actions changed nothing is recorded too, as a pass that did not render.
/// Memory is bounded: only the last `capacity` passes are kept, while ``totals`` counts them
/// all.
///
/// Tracing costs little until a pass is read: the tracer keeps each action's state before and
/// after (copy-on-write makes that cheap) and works out the changed fields only when
/// ``passes`` is read or ``passDidComplete`` receives the pass. Until then, the kept passes
/// keep those states alive.
public final class WorkflowTracer: WorkflowObserver {
  /// Counts of everything the tracer saw since it was created.
  public struct Totals: Hashable, Sendable {
    /// Render passes of the whole tree.
    public internal(set) var passes = 0
    /// Nodes whose `render` ran.
    public internal(set) var freshRenders = 0
    /// Nodes that reused their last rendering.
    public internal(set) var reusedRenders = 0

    /// Creates totals, e.g. the ones a test expects a tracer to count.
    public init(passes: Int = 0, freshRenders: Int = 0, reusedRenders: Int = 0) {
      self.passes = passes
      self.freshRenders = freshRenders
      self.reusedRenders = reusedRenders
    }
  }

  /// The most passes kept.
  public let capacity: Int

  /// Counts of all passes and node renders seen, including those no longer kept.
  public private(set) var totals = Totals()

  /// Called with each pass as it completes, e.g. to write it to a file.
  public var passDidComplete: ((RenderPassTrace) -> Void)?

  private var buffer: RingBuffer<TracedPass>
  private var completedCount = 0
  private var actions: [TracedPass.Action] = []
  private var outputs: [RenderPassTrace.Output] = []
  private var renders: [RenderPassTrace.NodeRender] = []

  /// Creates a tracer that keeps the last `capacity` passes.
  ///
  /// - Parameter capacity: The most passes kept; at least 1.
  public init(capacity: Int = 50) {
    precondition(capacity > 0, "WorkflowTracer: capacity \(capacity) must be at least 1")
    self.capacity = capacity
    buffer = RingBuffer(capacity: capacity)
  }

  /// The kept passes, oldest first.
  public var passes: [RenderPassTrace] { buffer.elements.map(\.trace) }

  // MARK: WorkflowObserver

  /// Records the action and the state fields it changed.
  public func actionWasApplied<A: WorkflowAction>(
    _ action: A,
    stateBefore: A.WorkflowType.State,
    stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?,
    at path: WorkflowNodePath
  ) {
    actions.append(
      TracedPass.Action(
        path: path, action: TraceText.describe(action: action),
        changes: { RenderPassTrace.StateChange.changes(from: stateBefore, to: stateAfter) },
        output: output.map { TraceText.describe($0) }))
  }

  /// Records the output.
  public func workflowDidEmitOutput<W: Workflow>(
    _ output: W.Output, of workflow: W, at path: WorkflowNodePath
  ) {
    outputs.append(.init(path: path, output: TraceText.describe(output)))
  }

  /// Records a fresh render, parents before their children.
  public func workflowWillRender<W: Workflow>(
    _ workflow: W, state: W.State, at path: WorkflowNodePath
  ) {
    renders.append(.init(path: path, isReused: false))
    totals.freshRenders += 1
  }

  /// Records a reused rendering.
  public func workflowDidReuseRendering<W: Workflow>(_ workflow: W, at path: WorkflowNodePath) {
    renders.append(.init(path: path, isReused: true))
    totals.reusedRenders += 1
  }

  /// Completes the pass.
  public func renderPassDidEnd(cause: RenderCause) {
    totals.passes += 1
    complete(cause: cause, rendered: true)
  }

  /// Completes a step that did not render, when it applied anything.
  public func stepDidFinish(cause: RenderCause, rendered: Bool) {
    guard !rendered, !actions.isEmpty || !outputs.isEmpty else { return }
    complete(cause: cause, rendered: false)
  }

  private func complete(cause: RenderCause, rendered: Bool) {
    completedCount += 1
    let pass = TracedPass(
      number: completedCount, cause: cause, rendered: rendered, actions: actions,
      outputs: outputs, renders: renders)
    actions = []
    outputs = []
    renders = []
    buffer.append(pass)
    if let passDidComplete { passDidComplete(pass.trace) }
  }
}

/// A completed pass as the tracer keeps it: the changed fields of its actions are worked out
/// the first time the pass is read.
private final class TracedPass {
  /// An applied action, with its state difference still to compute.
  struct Action {
    var path: WorkflowNodePath
    var action: String
    /// Compares the states before and after; holds both until the pass is read.
    var changes: () -> [RenderPassTrace.StateChange]
    var output: String?
  }

  private enum Contents {
    case pending(
      number: Int, cause: RenderCause, rendered: Bool, actions: [Action],
      outputs: [RenderPassTrace.Output], renders: [RenderPassTrace.NodeRender])
    case resolved(RenderPassTrace)
  }

  private var contents: Contents

  init(
    number: Int, cause: RenderCause, rendered: Bool, actions: [Action],
    outputs: [RenderPassTrace.Output], renders: [RenderPassTrace.NodeRender]
  ) {
    contents = .pending(
      number: number, cause: cause, rendered: rendered, actions: actions, outputs: outputs,
      renders: renders)
  }

  /// The pass record; the first read compares the states and lets them go.
  var trace: RenderPassTrace {
    switch contents {
    case .resolved(let trace):
      return trace
    case .pending(let number, let cause, let rendered, let actions, let outputs, let renders):
      let trace = RenderPassTrace(
        number: number, cause: cause, rendered: rendered,
        actions: actions.map {
          RenderPassTrace.Action(
            path: $0.path, action: $0.action, changes: $0.changes(), output: $0.output)
        },
        outputs: outputs, renders: renders)
      contents = .resolved(trace)
      return trace
    }
  }
}

/// A fixed-capacity buffer that keeps the most recent elements, dropping the oldest.
package struct RingBuffer<Element> {
  private var storage: [Element] = []
  private var oldest = 0

  /// The most elements kept.
  package let capacity: Int

  /// Creates an empty buffer.
  ///
  /// - Parameter capacity: The most elements kept; at least 1.
  package init(capacity: Int) {
    precondition(capacity > 0, "RingBuffer: capacity \(capacity) must be at least 1")
    self.capacity = capacity
    storage.reserveCapacity(capacity)
  }

  /// Adds `element`, dropping the oldest one when the buffer is full.
  package mutating func append(_ element: Element) {
    if storage.count < capacity {
      storage.append(element)
    } else {
      storage[oldest] = element
      oldest = (oldest + 1) % capacity
    }
  }

  /// The elements kept, oldest first.
  package var elements: [Element] {
    Array(storage[oldest...] + storage[..<oldest])
  }
}
