// SPDX-License-Identifier: Apache-2.0

/// Writes the passes a ``WorkflowTracer`` kept in the Trace Event Format: the JSON that
/// Perfetto, `chrome://tracing` and speedscope open.
///
/// The file is one object, `{"traceEvents": [...], ...}`, one event a line:
///
/// - each step, a complete event (`"ph": "X"`) named after its number and cause, over its whole
///   duration; inside it the render pass, and inside that each node's `render`, named by its
///   type and key, its whole path in `args`. A node that reused its rendering is a zero-length
///   event where its parent reached it, named `Type[key] (reused)`;
/// - each applied action and each output passed up, an instant event (`"ph": "i"`) named by its
///   description, with the node's path and the state fields the action changed;
/// - each side effect (a worker's run is one), an async span (`"ph": "b"` to `"e"`) from its
///   start to its end, possibly steps later. One that started before the first kept step
///   begins at the trace's start, and one still running ends at the trace's end, so that every
///   begin has its end;
/// - after each step, counters (`"ph": "C"`) of the nodes in the tree and the sends waiting.
///
/// Times are microseconds since the first kept step began, with nanosecond decimals; events
/// come in the order of their times, a parent before its children. Descriptions are those of
/// ``RenderPassTrace``, so a value that masks its description (a secret) is masked here too.
struct TraceEventWriter {
  /// The text not yet handed over.
  private var output: [UInt8] = []
  /// The time every timestamp counts from: the start of the first kept step.
  private let origin: UInt64
  /// Whether an event was written, so the next one is preceded by a comma.
  private var hasEvents = false
  /// The side effects running, by node and key, with their async span.
  private var running: [WorkKey: Span] = [:]
  /// The order in which ``running`` spans began, to end the remaining ones in that order.
  private var runningOrder: [WorkKey] = []
  private var nextSpanID = 1

  /// A side effect of one node.
  private struct WorkKey: Hashable {
    let session: WorkflowSession.Identifier
    let key: AnyHashable
  }

  /// The async span of a running side effect: what its end repeats of its begin.
  private struct Span {
    let id: Int
    let name: String
    let category: String
  }

  private init(origin: UInt64) {
    self.origin = origin
  }

  /// Writes `passes`, oldest first, handing the text to `flush` in pieces of about one step
  /// each, so that memory stays bounded by one step's events.
  static func write<Failure: Error>(
    _ passes: some BidirectionalCollection<TracedPass>,
    flush: ([UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    var writer = TraceEventWriter(origin: passes.first?.record.start ?? 0)
    writer.appendHeader(passes)
    try flush(writer.take())
    for pass in passes {
      writer.append(pass)
      try flush(writer.take())
    }
    writer.endRunningWork(at: passes.last?.record.end ?? 0)
    writer.raw("\n]}\n")
    try flush(writer.take())
  }

  /// Hands over the text written so far.
  private mutating func take() -> [UInt8] {
    defer { output.removeAll(keepingCapacity: true) }
    return output
  }

  // MARK: The trace

  /// The object's opening, the process and thread names, and the begins of the side effects
  /// whose start no kept step holds.
  private mutating func appendHeader(_ passes: some BidirectionalCollection<TracedPass>) {
    raw("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":")
    JSONText.appendString("Workflow WorkflowTracer", to: &output)
    raw(",\"steps\":\(passes.count)")
    if let first = passes.first, let last = passes.last {
      raw(",\"firstStep\":\(first.record.number),\"lastStep\":\(last.record.number)")
    }
    raw("},\"traceEvents\":[")
    let root = passes.lazy.compactMap { Self.rootTypeName(of: $0.record) }.first
    appendEvent(
      "M", name: "process_name", time: nil,
      args: [("name", .string(root.map { "WorkflowHost<\($0)>" } ?? "WorkflowHost"))])
    appendEvent("M", name: "thread_name", time: nil, args: [("name", .string("main actor"))])
    for work in Self.workStartedBeforeTrace(passes) {
      beginSpan(of: work, at: origin, args: [("startedBeforeTrace", .bool(true))])
    }
  }

  /// The side effects that end in the kept steps without having started in them, in the order
  /// of their ends.
  private static func workStartedBeforeTrace(
    _ passes: some BidirectionalCollection<TracedPass>
  ) -> [StepRecord.Work] {
    var open = Set<WorkKey>()
    var found: [StepRecord.Work] = []
    for pass in passes {
      for work in pass.record.work {
        let key = WorkKey(session: work.node.sessionID, key: work.key)
        switch work.event {
        case .started: open.insert(key)
        case .ended:
          if open.remove(key) == nil { found.append(work) }
        }
      }
    }
    return found
  }

  /// Ends the spans of the side effects still running at `time`, the end of the last step.
  private mutating func endRunningWork(at time: UInt64) {
    for key in runningOrder {
      guard let span = running.removeValue(forKey: key) else { continue }
      appendEvent(
        "e", name: span.name, category: span.category, time: max(time, origin), id: span.id,
        args: [("runningAtEnd", .bool(true))])
    }
    runningOrder.removeAll()
  }

  /// The type name of the root of the tree a record's nodes belong to.
  private static func rootTypeName(of record: StepRecord) -> String? {
    let node =
      record.renders.first?.node ?? record.actions.first?.node ?? record.outputs.first?.node
    return node?.path.components.first?.typeName
  }

  // MARK: Side effects

  /// Begins the async span of `work`'s side effect.
  mutating func beginSpan(of work: StepRecord.Work, at time: UInt64, args: [(String, Value)] = []) {
    let key = WorkKey(session: work.node.sessionID, key: work.key)
    let (name, category) = Self.nameAndCategory(of: work)
    let span = Span(id: nextSpanID, name: name, category: category)
    nextSpanID += 1
    if running.updateValue(span, forKey: key) == nil { runningOrder.append(key) }
    appendEvent(
      "b", name: name, category: category, time: time, id: span.id,
      args: [("path", .string(work.node.path.description))] + args)
  }

  /// Ends the async span of `work`'s side effect; nothing when none is open (it began while
  /// the tracer was stopped).
  mutating func endSpan(of work: StepRecord.Work) {
    let key = WorkKey(session: work.node.sessionID, key: work.key)
    guard let span = running.removeValue(forKey: key) else { return }
    appendEvent(
      "e", name: span.name, category: span.category, time: work.time, id: span.id, args: [])
  }

  /// A worker's run is named after its node; another side effect after its key.
  private static func nameAndCategory(of work: StepRecord.Work) -> (String, String) {
    if work.node.workflowType is any WorkerRunning.Type {
      let node = work.node.path.components.last?.description ?? "worker"
      return (node, "worker")
    }
    let key = (work.key.base as? String) ?? TraceText.describe(work.key.base)
    return (key, "side effect")
  }

  // MARK: Events

  /// A value in an event's `args`.
  enum Value {
    case string(String)
    case int(Int)
    case bool(Bool)
    case strings([String])
  }

  /// Appends one event on its own line: `phase` is its `"ph"`, `time` the clock's reading
  /// (`nil` for metadata), `duration` a complete event's, `id` an async span's.
  mutating func appendEvent(
    _ phase: String, name: String, category: String? = nil, time: UInt64?,
    duration: UInt64? = nil, id: Int? = nil, args: [(String, Value)]
  ) {
    raw(hasEvents ? ",\n" : "\n")
    hasEvents = true
    raw("{\"ph\":\"\(phase)\",\"name\":")
    JSONText.appendString(name, to: &output)
    if let category {
      raw(",\"cat\":")
      JSONText.appendString(category, to: &output)
    }
    if let time { raw(",\"ts\":\(microseconds(time > origin ? time - origin : 0))") }
    if let duration { raw(",\"dur\":\(microseconds(duration))") }
    if let id { raw(",\"id\":\"0x\(String(id, radix: 16))\"") }
    if phase == "i" { raw(",\"s\":\"t\"") }
    raw(phase == "C" ? ",\"pid\":1" : ",\"pid\":1,\"tid\":1")
    if !args.isEmpty {
      raw(",\"args\":{")
      for (index, (key, value)) in args.enumerated() {
        if index > 0 { raw(",") }
        JSONText.appendString(key, to: &output)
        raw(":")
        append(value)
      }
      raw("}")
    }
    raw("}")
  }

  private mutating func append(_ value: Value) {
    switch value {
    case .string(let text): JSONText.appendString(text, to: &output)
    case .int(let number): raw(String(number))
    case .bool(let flag): raw(flag ? "true" : "false")
    case .strings(let texts):
      raw("[")
      for (index, text) in texts.enumerated() {
        if index > 0 { raw(",") }
        JSONText.appendString(text, to: &output)
      }
      raw("]")
    }
  }

  /// `nanoseconds` as microseconds with three decimals, the unit of the format.
  private func microseconds(_ nanoseconds: UInt64) -> String {
    let fraction = String(nanoseconds % 1000)
    return "\(nanoseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  private mutating func raw(_ text: String) {
    output.append(contentsOf: text.utf8)
  }
}
