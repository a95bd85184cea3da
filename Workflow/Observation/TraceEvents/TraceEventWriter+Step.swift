// SPDX-License-Identifier: Apache-2.0

extension TraceEventWriter {
  /// One event of a step, before it is written: what it is and when.
  private enum StepEvent {
    case step
    case renderPass
    case render(Int)
    case action(Int)
    case output(Int)
    case work(Int)
    case counters
  }

  /// Appends the events of one kept step, in the order of their times.
  mutating func append(_ pass: TracedPass) {
    let record = pass.record
    let trace = pass.trace
    // Each event with its time and its place in this list, which breaks ties so that a parent
    // (the step, the pass, a node) comes before what it holds.
    var events: [(time: UInt64, event: StepEvent)] = [(record.start, .step)]
    for (index, action) in record.actions.enumerated() {
      events.append((action.time, .action(index)))
    }
    for (index, output) in record.outputs.enumerated() {
      events.append((output.time, .output(index)))
    }
    if let renderPass = record.renderPass {
      events.append((renderPass.start, .renderPass))
      for (index, time) in Self.renderTimes(of: record, passStart: renderPass.start).enumerated() {
        events.append((time, .render(index)))
      }
    }
    for (index, work) in record.work.enumerated() { events.append((work.time, .work(index))) }
    events.append((record.end, .counters))
    let ordered = events.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    for (_, (time, event)) in ordered {
      append(event, at: time, of: record, trace: trace)
    }
  }

  private mutating func append(
    _ event: StepEvent, at time: UInt64, of record: StepRecord, trace: RenderPassTrace
  ) {
    switch event {
    case .step:
      appendEvent(
        "X", name: "step \(record.number): \(record.cause)", category: "step", time: time,
        duration: record.end - record.start,
        args: [
          ("step", .int(record.number)), ("cause", .string(record.cause.description)),
          ("rendered", .bool(record.rendered)),
          ("stateChanged", .bool(record.facts.stateDidChange)),
          ("actions", .int(record.actions.count)), ("nodes", .int(record.nodeCount)),
          ("queued", .int(record.queuedAtEnd)),
        ])
    case .renderPass:
      appendEvent(
        "X", name: "render pass", category: "render", time: time,
        duration: record.renderPass!.duration,
        args: [
          ("rendered", .int(record.renders.count(where: { !$0.isReused }))),
          ("reused", .int(record.renders.count(where: \.isReused))),
        ])
    case .render(let index):
      let render = record.renders[index]
      let path = trace.renders[index].path
      let name = path.components.last?.description ?? ""
      appendEvent(
        "X", name: render.isReused ? "\(name) (reused)" : name,
        category: render.isReused ? "render.reused" : "render", time: time,
        duration: render.span?.duration ?? 0,
        args: [("path", .string(path.description)), ("reused", .bool(render.isReused))])
    case .action(let index):
      let action = trace.actions[index]
      var args: [(String, Value)] = [
        ("path", .string(action.path.description)),
        ("stateChanged", .bool(record.actions[index].didChangeState)),
      ]
      if !action.changes.isEmpty {
        args.append(
          (
            "changes",
            .strings(
              action.changes.map {
                ($0.field.isEmpty ? "state" : $0.field) + ": \($0.before) -> \($0.after)"
              })
          ))
      }
      if let output = action.output { args.append(("output", .string(output))) }
      appendEvent("i", name: action.action, category: "action", time: time, args: args)
    case .output(let index):
      let output = trace.outputs[index]
      appendEvent(
        "i", name: output.output, category: "output", time: time,
        args: [("path", .string(output.path.description))])
    case .work(let index):
      let work = record.work[index]
      switch work.event {
      case .started: beginSpan(of: work, at: time)
      case .ended: endSpan(of: work)
      }
    case .counters:
      appendEvent("C", name: "nodes", time: time, args: [("nodes", .int(record.nodeCount))])
      appendEvent(
        "C", name: "queued sends", time: time, args: [("queued", .int(record.queuedAtEnd))])
    }
  }

  /// When each node of the pass began to render; for a node that reused its rendering, which
  /// the record gives no time, the latest moment known to come before it: the start of the
  /// node rendered just before it, or a nanosecond after the end of one that had finished by
  /// then (so that no viewer takes it for that node's child), inside its parent's render.
  ///
  /// Nodes are listed parents first, in the order they were reached, so the nodes still
  /// rendering when a node is reached are its ancestors: a stack of them tells which of the
  /// earlier nodes had finished.
  static func renderTimes(of record: StepRecord, passStart: UInt64) -> [UInt64] {
    var times: [UInt64] = []
    times.reserveCapacity(record.renders.count)
    var latest = passStart
    var rendering: [(session: WorkflowSession.Identifier, end: UInt64)] = []
    for render in record.renders {
      let parent = render.node.parent?.sessionID
      while let top = rendering.last, top.session != parent {
        latest = max(latest, top.end + 1)
        rendering.removeLast()
      }
      if let span = render.span {
        latest = max(latest, span.start)
        times.append(span.start)
        rendering.append((render.node.sessionID, span.end))
      } else if let parentEnd = rendering.last?.end, parentEnd > 0 {
        times.append(min(latest, parentEnd - 1))
      } else {
        times.append(latest)
      }
    }
    return times
  }
}
