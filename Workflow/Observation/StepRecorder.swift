// SPDX-License-Identifier: Apache-2.0

/// Makes the ``StepRecord`` of each step of a host from what the runtime reports.
///
/// Owned by the host's ``ObserverList``, which exists only when the host has observers. A
/// record opens at the first event of a step (an action applied, an update or rewind noted, a
/// render pass) and is finished by the runtime when the step ends. While nobody keeps records
/// (``keepsRecords`` is false: observers with hooks only), a record holds only the step's cause,
/// which the hooks are told; the node-by-node account, and the clock reads, are skipped.
final class StepRecorder {
  /// Whether a consumer keeps the records.
  let keepsRecords: Bool
  /// The record of the step running; `nil` between steps.
  private(set) var current: StepRecord?
  private var nextNumber = 0
  /// How many nodes the tree holds: sessions begun and not yet ended.
  private(set) var nodeCount = 0

  init(keepsRecords: Bool) {
    self.keepsRecords = keepsRecords
  }

  /// Whether the running step has a cause yet.
  var hasCause: Bool { current?.notedCause != nil }

  /// What started the running step, as observers are told.
  var cause: RenderCause { current?.cause ?? .workflowUpdate }

  private func now() -> UInt64 {
    keepsRecords ? MonotonicClock.now() : 0
  }

  /// Opens the running step's record, unless it is open.
  private func open() {
    guard current == nil else { return }
    current = StepRecord(number: nextNumber, start: now())
    nextNumber += 1
  }

  // MARK: The tree

  func nodeDidBegin() {
    nodeCount += 1
  }

  func nodeDidEnd() {
    nodeCount -= 1
  }

  // MARK: Applying

  /// Records what started the step, unless something already did.
  func noteCause(_ cause: RenderCause) {
    open()
    if current!.notedCause == nil { current!.notedCause = cause }
  }

  /// Records what started the step, replacing what was recorded.
  func replaceCause(with cause: RenderCause) {
    open()
    current!.notedCause = cause
  }

  func actionDidApply<A: WorkflowAction>(
    _ action: A, stateBefore: A.WorkflowType.State, stateAfter: A.WorkflowType.State,
    output: A.WorkflowType.Output?, didChangeState: Bool, at node: WorkflowSession
  ) {
    open()
    guard keepsRecords else { return }
    current!.actions.append(
      StepRecord.Action(
        node: node, time: now(), didChangeState: didChangeState,
        values: TypedAppliedAction(
          action, stateBefore: stateBefore, stateAfter: stateAfter, output: output)))
  }

  func outputWasEmitted<Output>(_ output: Output, at node: WorkflowSession) {
    open()
    guard keepsRecords else { return }
    current!.outputs.append(
      StepRecord.Output(node: node, time: now(), value: DescribedValue(output)))
  }

  // MARK: Rendering

  func renderPassWillBegin() {
    open()
    let start = now()
    current!.renderPass = StepRecord.Span(start: start, end: start)
  }

  func renderPassDidEnd() {
    current!.renderPass!.end = now()
  }

  /// Opens the entry of a node about to call `render`.
  ///
  /// - Returns: The entry, for ``nodeDidRender(entry:)``; `-1` when no record is kept.
  func nodeWillRender(_ node: WorkflowSession) -> Int {
    guard keepsRecords else { return -1 }
    let start = now()
    current!.renders.append(
      StepRecord.NodeRender(node: node, span: StepRecord.Span(start: start, end: start)))
    return current!.renders.count - 1
  }

  func nodeDidRender(entry: Int) {
    guard entry >= 0 else { return }
    current!.renders[entry].span!.end = now()
  }

  func nodeDidReuseRendering(_ node: WorkflowSession) {
    guard keepsRecords else { return }
    current!.renders.append(StepRecord.NodeRender(node: node, span: nil))
  }

  // MARK: Side effects

  /// Records a side effect starting or ending during a step; outside one (a host going away)
  /// there is no record to add it to.
  func work(_ event: StepRecord.Work.Event, key: AnyHashable, at node: WorkflowSession) {
    guard keepsRecords, current != nil else { return }
    current!.work.append(StepRecord.Work(event: event, node: node, key: key, time: now()))
  }

  // MARK: Steps

  /// The running step's record so far, with `facts`; `nil` when no record is open.
  func record(with facts: StepFacts) -> StepRecord? {
    current?.facts = facts
    return current
  }

  /// Closes the running step's record.
  ///
  /// - Returns: The record; `nil` when the step had no event (it neither applied nor rendered
  ///   anything).
  func finish(with facts: StepFacts, queued: Int) -> StepRecord? {
    guard var record = current else { return nil }
    current = nil
    record.facts = facts
    record.end = now()
    record.nodeCount = nodeCount
    record.queuedAtEnd = queued
    return record
  }
}
