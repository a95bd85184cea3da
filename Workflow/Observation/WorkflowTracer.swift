// SPDX-License-Identifier: Apache-2.0

/// A ``WorkflowObserver`` that keeps what each step of a host did: the last few steps, as
/// ``RenderPassTrace`` values.
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
/// all. ``writeTraceEvents(to:)`` writes the kept steps for a trace viewer such as Perfetto
/// (see <doc:ViewingTraces>).
///
/// The tracer reads the host's own record of each step, which it keeps; it hears none of the
/// observer hooks. Tracing costs little until a pass is read: the record keeps each action's
/// state before and after (copy-on-write makes that cheap) and works out the changed fields
/// only when ``passes`` is read or ``passDidComplete`` receives the pass. Until then, the kept
/// passes keep those states alive.
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

  /// The most passes kept: a ring of the last `capacity` steps, which bounds the tracer's memory
  /// however long the host runs.
  ///
  /// Setting it keeps the newest passes that fit; it must be at least 1.
  public var capacity: Int {
    get { kept.capacity }
    set {
      precondition(newValue > 0, "WorkflowTracer: capacity \(newValue) must be at least 1")
      guard newValue != kept.capacity else { return }
      var resized = RingBuffer<TracedPass>(capacity: newValue)
      for pass in kept.suffix(newValue) { resized.append(pass) }
      kept = resized
    }
  }

  /// Whether the tracer keeps the steps of its host: from its creation (unless made stopped)
  /// until ``stop()``, and again after ``start()``.
  public private(set) var isRecording: Bool

  /// Counts of all passes and node renders seen, including those no longer kept.
  public private(set) var totals = Totals()

  /// Called with each pass as it completes, e.g. to write it to a file.
  public var passDidComplete: ((RenderPassTrace) -> Void)?

  private(set) var kept: RingBuffer<TracedPass>
  private var completedCount = 0

  /// Creates a tracer that keeps the last `capacity` passes.
  ///
  /// - Parameters:
  ///   - capacity: The most passes kept; at least 1.
  ///   - isRecording: Whether the tracer keeps steps from the start; a stopped tracer keeps
  ///     none until ``start()``.
  public init(capacity: Int = 50, isRecording: Bool = true) {
    precondition(capacity > 0, "WorkflowTracer: capacity \(capacity) must be at least 1")
    kept = RingBuffer(capacity: capacity)
    self.isRecording = isRecording
  }

  /// Starts a new recording: drops the kept passes and keeps every step from now on.
  ///
  /// ``totals`` go on counting from where they were.
  public func start() {
    kept = RingBuffer(capacity: kept.capacity)
    isRecording = true
  }

  /// Stops keeping steps; the kept passes stay, to be read or written (see
  /// ``writeTraceEvents(to:)``), until ``start()``.
  ///
  /// The host still records each step for the tracer, so a tracer that stays stopped costs
  /// about what a recording one does; a host without a tracer pays nothing.
  public func stop() {
    isRecording = false
  }

  /// The kept passes, oldest first.
  public var passes: [RenderPassTrace] { kept.map(\.trace) }

  /// The records of the kept passes' steps, oldest first: what a trace export reads.
  package var records: [StepRecord] { kept.map(\.record) }
}

extension WorkflowTracer: StepRecordConsumer {
  /// Everything: a pass lists the nodes rendered, and an export reads the times.
  var recordDetail: StepRecord.Detail { .everything }

  /// Keeps the step as a pass when it rendered or applied anything.
  func stepDidFinish(_ record: borrowing StepRecord) {
    guard isRecording else { return }
    guard record.rendered || !record.actions.isEmpty || !record.outputs.isEmpty else { return }
    if record.rendered { totals.passes += 1 }
    for render in record.renders {
      if render.isReused {
        totals.reusedRenders += 1
      } else {
        totals.freshRenders += 1
      }
    }
    completedCount += 1
    let pass = TracedPass(number: completedCount, record: copy record)
    kept.append(pass)
    if let passDidComplete { passDidComplete(pass.trace) }
  }
}

/// A kept pass: the step's record, made into a ``RenderPassTrace`` the first time it is read.
final class TracedPass {
  let number: Int
  let record: StepRecord
  private var resolved: RenderPassTrace?

  init(number: Int, record: StepRecord) {
    self.number = number
    self.record = record
  }

  var trace: RenderPassTrace {
    if let resolved { return resolved }
    let trace = RenderPassTrace(number: number, record: record)
    resolved = trace
    return trace
  }
}
