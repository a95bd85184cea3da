// SPDX-License-Identifier: Apache-2.0

/// Makes the ``StepRecord`` of each step of a host from what the runtime reports.
///
/// Owned by the host's ``ObserverList``, which exists only when the host has observers. A
/// record opens at the first event of a step (an action applied, an update or rewind noted, a
/// render pass) and is finished by the runtime when the step ends. A record holds what the
/// host's consumers read (``detail``): with observers that have hooks only, just the step's
/// cause, which the hooks are told.
///
/// Consumers borrow the record; a record none of them kept is emptied and used for the next
/// step, so a host whose consumers keep nothing (the history) reuses one record's storage.
final class StepRecorder {
  /// What the records hold.
  let detail: StepRecord.Detail
  /// Whether a consumer keeps the records.
  let keepsRecords: Bool
  /// Whether records hold renders, side effects, states and times.
  let keepsEverything: Bool
  /// The record of the step running; `nil` between steps.
  private var current: StepRecord?
  /// A finished record no consumer kept, emptied for the next step.
  private var spare: StepRecord?
  private var nextNumber = 0
  /// How many nodes the tree holds: sessions begun and not yet ended.
  private(set) var nodeCount = 0

  init(detail: StepRecord.Detail) {
    self.detail = detail
    keepsRecords = detail != .cause
    keepsEverything = detail == .everything
  }

  /// Whether the running step has a cause yet.
  var hasCause: Bool { current?.notedCause != nil }

  /// What started the running step, as observers are told.
  var cause: RenderCause { current?.cause ?? .workflowUpdate }

  private func now() -> UInt64 {
    keepsEverything ? MonotonicClock.now() : 0
  }

  /// Opens the running step's record, unless it is open.
  private func open() {
    guard current == nil else { return }
    if var record = spare.take() {
      record.number = nextNumber
      record.start = now()
      current = consume record
    } else {
      current = StepRecord(number: nextNumber, start: now())
    }
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

  /// Records an applied action; only while ``keepsRecords``, so that the caller makes `values`
  /// only then.
  func actionDidApply(_ values: AppliedValues, didChangeState: Bool, at node: WorkflowSession) {
    open()
    current!.actions.append(
      StepRecord.Action(node: node, time: now(), didChangeState: didChangeState, values: values))
  }

  func outputWasEmitted<Output>(_ output: Output, at node: WorkflowSession) {
    open()
    guard keepsRecords else { return }
    current!.outputs.append(
      StepRecord.Output(node: node, time: now(), describe: { TraceText.describe(output) }))
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
  /// - Returns: The entry, for ``nodeDidRender(entry:)``; `-1` when no record keeps renders.
  func nodeWillRender(_ node: WorkflowSession) -> Int {
    guard keepsEverything else { return -1 }
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
    guard keepsEverything else { return }
    current!.renders.append(StepRecord.NodeRender(node: node, span: nil))
  }

  // MARK: Side effects

  /// Records a side effect starting or ending during a step; outside one (a host going away)
  /// there is no record to add it to.
  func work(_ event: StepRecord.Work.Event, key: AnyHashable, at node: WorkflowSession) {
    guard keepsEverything, current != nil else { return }
    current!.work.append(StepRecord.Work(event: event, node: node, key: key, time: now()))
  }

  // MARK: Steps

  /// Lends the running step's record so far, with `facts`, to `body`; does nothing when no
  /// record is open.
  func lendRecord(with facts: StepFacts, to body: (borrowing StepRecord) -> Void) {
    guard var record = current.take() else { return }
    record.facts = facts
    body(record)
    current = consume record
  }

  /// Closes the running step's record and lends it to `body`.
  ///
  /// - Returns: Whether a record was open; none was when the step had no event (it neither
  ///   applied nor rendered anything).
  @discardableResult
  func finish(
    with facts: StepFacts, queued: Int, lendingTo body: (borrowing StepRecord) -> Void
  ) -> Bool {
    guard var record = current.take() else { return false }
    record.facts = facts
    record.end = now()
    record.nodeCount = nodeCount
    record.queuedAtEnd = queued
    body(record)
    // Emptied now, so that what the step kept alive (states, sessions) goes with it.
    record.empty()
    spare = consume record
    return true
  }
}
