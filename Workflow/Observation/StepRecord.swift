// SPDX-License-Identifier: Apache-2.0

/// What one step of a host did: the one account of it, from which the tracer makes its passes
/// and the history its steps.
///
/// A step is what ``StepStateMachine`` runs from one `idle` to the next: the batch of actions
/// (or the update, or the rewind) applied, the render pass, the side effects ended and started
/// after it, and the publication. The host's first render is step 0. ``StepRecorder`` makes
/// the records while a consumer keeps them (see ``StepRecordConsumer``).
///
/// Making a record costs a few appends: nodes are named by their ``WorkflowSession``, and
/// actions, states and outputs are kept as values. Paths and descriptions are worked out when
/// a consumer asks for them.
///
/// Times are nanoseconds of ``MonotonicClock``: the step's start and end, its render pass,
/// each node's `render`, and the moment of each action, output and side-effect start or end,
/// so that a trace viewer can lay the step out.
package struct StepRecord {
  /// The step's number among the host's steps: 0 for the first render, then one more per step
  /// recorded.
  package internal(set) var number: Int
  /// What started the step, when the runtime saw it: the first action's node, an update, a
  /// rewind, the first render.
  package internal(set) var notedCause: RenderCause?
  /// When the step began (its first event).
  package internal(set) var start: UInt64
  /// When the step ended, after the host published; 0 until then.
  package internal(set) var end: UInt64 = 0
  /// When the render pass ran; `nil` when the step did not render.
  package internal(set) var renderPass: Span?
  /// What the step changed, as the step's state machine decided on it.
  package internal(set) var facts = StepFacts()
  /// The actions applied, in order, including the parent actions that pass an output up.
  package internal(set) var actions: [Action] = []
  /// The outputs nodes passed to their parents (or the root to the host), in order.
  package internal(set) var outputs: [Output] = []
  /// The nodes asked for their rendering, parents before their children, in render order.
  package internal(set) var renders: [NodeRender] = []
  /// Side effects (workers among them) that started or ended during the step, in order.
  package internal(set) var work: [Work] = []
  /// How many nodes the tree held when the step ended.
  package internal(set) var nodeCount = 0
  /// How many sends waited for the next step when this one ended.
  package internal(set) var queuedAtEnd = 0

  /// How much of a step a record holds: what the host's consumers read.
  package enum Detail: Comparable, Sendable {
    /// The cause only, which observers' hooks are told; no consumer keeps records.
    case cause
    /// Also the facts, the actions and the outputs (the history).
    case actions
    /// Also the renders, the side effects and every time (the tracer, a trace export).
    case everything
  }

  init(number: Int, start: UInt64) {
    self.number = number
    self.start = start
  }

  /// Empties the record for another step, keeping the storage of its lists.
  mutating func empty() {
    notedCause = nil
    end = 0
    renderPass = nil
    facts = StepFacts()
    // Most steps leave most lists empty: skipping them keeps an empty list free.
    if !actions.isEmpty { actions.removeAll(keepingCapacity: true) }
    if !outputs.isEmpty { outputs.removeAll(keepingCapacity: true) }
    if !renders.isEmpty { renders.removeAll(keepingCapacity: true) }
    if !work.isEmpty { work.removeAll(keepingCapacity: true) }
    nodeCount = 0
    queuedAtEnd = 0
  }

  /// What started the step; ``RenderCause/workflowUpdate`` when nothing was noted (a render
  /// that nothing applied led to).
  package var cause: RenderCause { notedCause ?? .workflowUpdate }

  /// Whether the tree rendered.
  package var rendered: Bool { renderPass != nil }

  /// A stretch of time, in nanoseconds of ``MonotonicClock``.
  package struct Span: Hashable, Sendable {
    package var start: UInt64
    package var end: UInt64

    /// How long it lasted.
    package var duration: UInt64 { end &- start }
  }

  /// An action applied at a node.
  package struct Action {
    /// The node the action was applied to.
    package let node: WorkflowSession
    /// When it was applied (the end of `apply`).
    package let time: UInt64
    /// Whether the node's state changed, as the runtime saw it (`==`, or always for a state
    /// that is not `Equatable`).
    package let didChangeState: Bool
    /// The action, the states around it and its output, described when asked.
    package let values: AppliedValues
  }

  /// An output a node passed up.
  package struct Output {
    /// The node that emitted it.
    package let node: WorkflowSession
    /// When it was emitted.
    package let time: UInt64
    /// Describes the output, on one line, at a readable length.
    package let describe: () -> String
  }

  /// A node asked for its rendering during the render pass.
  package struct NodeRender {
    /// The node.
    package let node: WorkflowSession
    /// When its `render` ran; `nil` when it reused its last rendering instead.
    package internal(set) var span: Span?

    /// Whether the node reused its last rendering instead of calling `render`.
    package var isReused: Bool { span == nil }
  }

  /// A side effect (a worker's run is one) starting or ending.
  package struct Work {
    /// Whether the work started or ended.
    package enum Event: Hashable, Sendable {
      case started
      case ended
    }

    package let event: Event
    /// The node that runs the work.
    package let node: WorkflowSession
    /// The key the node gave the side effect.
    package let key: AnyHashable
    /// When it happened.
    package let time: UInt64
  }
}

/// What keeps the records of a host's steps: the tracer and the history.
///
/// A host makes records only while one of these is attached, holding what the most demanding
/// one reads. Its observers' hooks are not called on it: everything it learns comes from the
/// records.
protocol StepRecordConsumer: AnyObject {
  /// What the consumer reads of each record.
  var recordDetail: StepRecord.Detail { get }

  /// The step's render pass ended: `record` holds the step up to it. Called before the side
  /// effects of the pass end and start, and before the rendering is published.
  func stepDidRender(_ record: borrowing StepRecord)

  /// The step ended: `record` is complete.
  func stepDidFinish(_ record: borrowing StepRecord)

  /// An action was applied, a workflow value changed or the tree was rebuilt: states may have
  /// changed since the last record.
  func treeMayHaveChanged()
}

extension StepRecordConsumer {
  func stepDidRender(_ record: borrowing StepRecord) {}
  func stepDidFinish(_ record: borrowing StepRecord) {}
  func treeMayHaveChanged() {}
}
