// SPDX-License-Identifier: Apache-2.0

import Foundation
import TestSupport
import Testing
import Workflow
import WorkflowReactive

/// The tracer's export in the Trace Event Format: valid JSON that Perfetto, chrome://tracing and
/// speedscope read, whose slices nest as the tree does.
@MainActor
@Suite struct TraceEventTests {
  // MARK: Reading a trace back

  /// One event of a written trace.
  struct Event {
    /// The event's place in the file.
    let index: Int
    let fields: [String: Any]
    var phase: String { fields["ph"] as! String }
    var name: String { fields["name"] as! String }
    var category: String? { fields["cat"] as? String }
    /// The timestamp in nanoseconds: whole numbers, as Perfetto reads them, so that a sum
    /// does not round.
    var time: Int64? {
      (fields["ts"] as? NSNumber).map { Int64(($0.doubleValue * 1000).rounded()) }
    }
    var duration: Int64 {
      (fields["dur"] as? NSNumber).map { Int64(($0.doubleValue * 1000).rounded()) } ?? 0
    }
    var end: Int64 { time! + duration }
    var id: String? { fields["id"] as? String }
    var args: [String: Any] { fields["args"] as? [String: Any] ?? [:] }
    var path: String? { args["path"] as? String }
  }

  /// Parses a trace with `JSONSerialization`, as a viewer would read it.
  static func events(of data: Data) throws -> [Event] {
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let events = try #require(object["traceEvents"] as? [[String: Any]])
    return events.enumerated().map { Event(index: $0.offset, fields: $0.element) }
  }

  static func events(of tracer: WorkflowTracer) throws -> [Event] {
    try events(of: tracer.traceEventData())
  }

  /// Whether `outer` holds `inner` as a viewer nests complete events: `outer` starts no later,
  /// ends no earlier, and `inner` starts before `outer` ends.
  static func holds(_ outer: Event, _ inner: Event) -> Bool {
    outer.duration > 0 && outer.time! <= inner.time! && inner.end <= outer.end
      && inner.time! < outer.end
  }

  /// The innermost event of `candidates` that holds `event`.
  static func innermost(holding event: Event, among candidates: [Event]) -> Event? {
    candidates.filter { $0.index != event.index && holds($0, event) }
      .max { ($0.time!, -$0.duration) < ($1.time!, -$1.duration) }
  }

  // MARK: The file

  @Test func theTraceIsJSONWithAStepPerKeptPassAndItsCause() throws {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: CounterList(keys: ["a", "b"]), observers: [tracer])
    host.rendering.value["a"]!.sink.send(.increment)
    host.rendering.value["b"]!.sink.send(.report)
    let events = try Self.events(of: tracer)
    let steps = events.filter { $0.category == "step" }
    #expect(steps.allSatisfy { $0.phase == "X" && $0.duration > 0 })
    #expect(
      steps.map(\.name) == [
        "step 0: initial", "step 1: action at CounterList/Counter[a]",
        "step 2: action at CounterList/Counter[b]",
      ])
    #expect(steps.map { $0.args["rendered"] as? Bool } == [true, true, false])
    let process = try #require(events.first { $0.phase == "M" && $0.name == "process_name" })
    #expect(process.args["name"] as? String == "WorkflowHost<CounterList>")
  }

  @Test func actionsAndOutputsAreInstantsWithTheirDescriptionsAndPaths() throws {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: CounterList(keys: ["a"]), observers: [tracer])
    host.rendering.value["a"]!.sink.send(.increment)
    host.rendering.value["a"]!.sink.send(.report)
    let events = try Self.events(of: tracer)
    let actions = events.filter { $0.category == "action" }
    #expect(actions.allSatisfy { $0.phase == "i" && $0.fields["s"] as? String == "t" })
    #expect(
      actions.map(\.name) == [
        "increment", "report", "ChildOutput(key: \"a\", output: reported(1))",
      ])
    #expect(actions[0].path == "CounterList/Counter[a]")
    #expect(actions[0].args["changes"] as? [String] == ["state: 0 -> 1"])
    #expect(actions[1].args["output"] as? String == "reported(1)")
    let outputs = events.filter { $0.category == "output" }
    #expect(outputs.map(\.name) == ["reported(1)", #"child("a", reported(1))"#])
    #expect(outputs.map(\.path) == ["CounterList/Counter[a]", "CounterList"])
  }

  @Test func eachRenderIsASliceNamedByItsNodeAndAReusedNodeIsAZeroLengthOne() throws {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: CounterList(keys: ["a", "b"]), observers: [tracer])
    host.rendering.value["a"]!.sink.send(.increment)
    let events = try Self.events(of: tracer)
    let lastStep = try #require(events.last { $0.category == "step" })
    let renders = events.filter {
      ($0.category == "render" || $0.category == "render.reused") && $0.time! >= lastStep.time!
    }
    #expect(
      renders.map(\.name) == ["render pass", "CounterList", "Counter[a]", "Counter[b] (reused)"])
    #expect(
      renders.map(\.path) == [
        nil, "CounterList", "CounterList/Counter[a]", "CounterList/Counter[b]",
      ])
    #expect(renders[3].duration == 0 && renders[3].args["reused"] as? Bool == true)
    #expect(renders[2].duration > 0 && renders[2].args["reused"] as? Bool == false)
  }

  @Test func countersFollowTheNodeCountAndTheSendsWaiting() throws {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: CounterList(keys: ["a"]), observers: [tracer])
    host.update(workflow: CounterList(keys: ["a", "b", "c"]))
    let events = try Self.events(of: tracer)
    let nodes = events.filter { $0.phase == "C" && $0.name == "nodes" }
    #expect(nodes.map { $0.args["nodes"] as? Int } == [2, 4])
    let queued = events.filter { $0.phase == "C" && $0.name == "queued sends" }
    #expect(queued.map { $0.args["queued"] as? Int } == [0, 0])
  }

  // MARK: Shape

  /// A random tree with workers, driven by seeded actions (toggles start and end workers).
  private func drivenTree(seed: UInt64, actions: Int, capacity: Int = 1_000) -> WorkflowTracer {
    var random = SplitMix64(seed: seed)
    // A root with siblings below it, so that some nodes are reused while others render.
    var spec = TreeSpec.random(depth: 4, key: "", using: &random)
    while spec.children.count < 2 { spec = TreeSpec.random(depth: 4, key: "", using: &random) }
    let tracer = WorkflowTracer(capacity: capacity)
    let host = WorkflowHost(
      workflow: TreeWorkflow(spec: spec, path: "root"), observers: [tracer])
    for _ in 0..<actions {
      let sinks = host.rendering.value.sinks.sorted { $0.key < $1.key }
      let sink = sinks[Int.random(in: 0..<sinks.count, using: &random)].value
      switch Int.random(in: 0..<3, using: &random) {
      case 0: sink.send(.init(action: .toggle(Int.random(in: 0..<3, using: &random))))
      case 1: sink.send(.init(action: .report))
      default: sink.send(.init(action: .add(1)))
      }
    }
    return tracer
  }

  @Test(arguments: 0..<6 as Range<UInt64>)
  func timestampsNeverGoBack(seed: UInt64) throws {
    let events = try Self.events(of: drivenTree(seed: seed, actions: 60))
    let times = events.compactMap(\.time)
    #expect(times.count > 100)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "seed \(seed)")
  }

  @Test(arguments: 0..<6 as Range<UInt64>)
  func everyBeginHasItsEndLaterWithTheSameNameAndCategory(seed: UInt64) throws {
    // A small ring drops the starts of some workers still running, and keeps some running at
    // the end.
    let events = try Self.events(of: drivenTree(seed: seed, actions: 60, capacity: 8))
    let begins = events.filter { $0.phase == "b" }
    let ends = events.filter { $0.phase == "e" }
    #expect(Set(begins.compactMap(\.id)).count == begins.count, "seed \(seed)")
    #expect(begins.count == ends.count, "seed \(seed)")
    for begin in begins {
      let end = try #require(ends.first { $0.id == begin.id }, "seed \(seed): \(begin.fields)")
      #expect(begin.time! <= end.time!)
      #expect(begin.name == end.name && begin.category == end.category)
      #expect(begin.category == "worker" || begin.category == "side effect")
    }
  }

  @Test(arguments: 0..<6 as Range<UInt64>)
  func slicesNestAsTheTreeDoes(seed: UInt64) throws {
    let events = try Self.events(of: drivenTree(seed: seed, actions: 40))
    let slices = events.filter { $0.phase == "X" }
    let steps = slices.filter { $0.category == "step" }
    let passes = slices.filter { $0.name == "render pass" }
    let nodes = slices.filter { $0.path != nil }
    #expect(nodes.contains { $0.category == "render.reused" }, "seed \(seed): nothing reused")
    for pass in passes {
      #expect(Self.innermost(holding: pass, among: slices)?.category == "step")
    }
    for node in nodes {
      let path = node.path!
      let container = try #require(
        Self.innermost(holding: node, among: passes + nodes), "seed \(seed): \(path) is loose")
      if let slash = path.lastIndex(of: "/") {
        #expect(container.path == String(path[..<slash]), "seed \(seed): \(path)")
      } else {
        #expect(container.name == "render pass", "seed \(seed): \(path)")
      }
    }
    for event in events where event.time != nil && event.phase != "C" {
      #expect(steps.contains { $0.time! <= event.time! && event.time! <= $0.end })
    }
  }

  // MARK: Secrets

  /// A value that masks its description, as an app declares a secret.
  struct Password: Hashable, CustomStringConvertible, CustomReflectable {
    let text: String
    var description: String { "••••" }
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
  }

  /// Keeps a password in its state, passes it up and keys a side effect with it.
  struct Vault: Workflow {
    typealias State = Password?
    typealias Output = Password

    enum Action: WorkflowAction {
      typealias WorkflowType = Vault
      case unlock(Password)

      func apply(toState state: inout Password?, context: ApplyContext<Vault>) -> Password? {
        guard case .unlock(let password) = self else { return nil }
        state = password
        return password
      }
    }

    func makeInitialState() -> Password? { nil }

    func render(state: Password?, context: RenderContext<Vault>) -> Sink<Action> {
      if let state { context.runSideEffect(key: state) { _ in } }
      return context.makeSink(of: Action.self)
    }
  }

  @Test func aValueThatMasksItsDescriptionIsMaskedInTheTrace() throws {
    let secret = "hunter2-\(UUID().uuidString)"
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: Vault(), observers: [tracer])
    host.rendering.value.send(.unlock(Password(text: secret)))
    host.rendering.value.send(.unlock(Password(text: secret + "!")))
    let text = String(decoding: tracer.traceEventData(), as: UTF8.self)
    #expect(text.contains("unlock(••••)"))
    #expect(!text.contains("hunter2"))
    let events = try Self.events(of: tracer)
    #expect(events.filter { $0.phase == "b" }.map(\.name) == ["••••", "••••"])
  }

  // MARK: Memory and recording

  @Test func theTraceHoldsOnlyTheLastCapacitySteps() throws {
    let tracer = WorkflowTracer(capacity: 3)
    let host = WorkflowHost(workflow: Counter(), observers: [tracer])
    for _ in 0..<10 { host.rendering.value.sink.send(.increment) }
    var steps = try Self.events(of: tracer).filter { $0.category == "step" }
    #expect(steps.map { $0.args["step"] as? Int } == [8, 9, 10])
    tracer.capacity = 2
    steps = try Self.events(of: tracer).filter { $0.category == "step" }
    #expect(steps.map { $0.args["step"] as? Int } == [9, 10])
    tracer.capacity = 4
    for _ in 0..<3 { host.rendering.value.sink.send(.increment) }
    #expect(tracer.passes.count == 4)
    steps = try Self.events(of: tracer).filter { $0.category == "step" }
    #expect(steps.map { $0.args["step"] as? Int } == [10, 11, 12, 13])
    #expect(tracer.totals.passes == 14)
  }

  @Test func aStoppedTracerKeepsNoStepsAndStartingBeginsANewRecording() throws {
    let tracer = WorkflowTracer(isRecording: false)
    let host = WorkflowHost(workflow: Counter(), observers: [tracer])
    host.rendering.value.sink.send(.increment)
    #expect(!tracer.isRecording && tracer.passes.isEmpty)
    #expect(try Self.events(of: tracer).filter { $0.category == "step" }.isEmpty)
    tracer.start()
    host.rendering.value.sink.send(.increment)
    host.rendering.value.sink.send(.increment)
    tracer.stop()
    host.rendering.value.sink.send(.increment)
    #expect(tracer.passes.count == 2)
    let steps = try Self.events(of: tracer).filter { $0.category == "step" }
    #expect(steps.map { $0.args["step"] as? Int } == [2, 3])
    tracer.start()
    #expect(tracer.passes.isEmpty)
  }

  @Test func aSideEffectRunningBeforeTheRecordingStartedBeginsAtTheTracesStart() throws {
    let tracer = WorkflowTracer(isRecording: false)
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        if state == 1 { context.runSideEffect(key: "tick") { _ in } }
      },
      observers: [tracer])
    host.rendering.value.bump()
    tracer.start()
    host.rendering.value.bump()
    let events = try Self.events(of: tracer)
    let begin = try #require(events.first { $0.phase == "b" })
    let end = try #require(events.first { $0.phase == "e" })
    #expect(begin.args["startedBeforeTrace"] as? Bool == true && begin.time == 0)
    #expect(begin.id == end.id && begin.name == "tick" && end.time! > 0)
  }

  // MARK: Writing

  @Test func aFileAndAFileHandleReceiveTheSameText() throws {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: CounterList(keys: ["a"]), observers: [tracer])
    host.rendering.value["a"]!.sink.send(.increment)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trace-events-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("trace.json")
    try tracer.writeTraceEvents(to: file)
    #expect(try Data(contentsOf: file) == tracer.traceEventData())
    let handled = folder.appendingPathComponent("handle.json")
    #expect(FileManager.default.createFile(atPath: handled.path, contents: nil))
    let handle = try FileHandle(forWritingTo: handled)
    var pieces = 0
    try tracer.writeTraceEvents { data in
      pieces += 1
      try handle.write(contentsOf: data)
    }
    try handle.close()
    #expect(pieces == 4, "a header, one piece per step, and the end")
    #expect(try Data(contentsOf: handled) == tracer.traceEventData())
  }

  @Test func aFileThatCannotBeWrittenThrows() {
    let tracer = WorkflowTracer()
    _ = WorkflowHost(workflow: Counter(), observers: [tracer])
    #expect(throws: (any Error).self) {
      try tracer.writeTraceEvents(to: URL(fileURLWithPath: "/nonexistent-folder/trace.json"))
    }
  }

  @Test func anEmptyTracerWritesAnEmptyTrace() throws {
    let events = try Self.events(of: WorkflowTracer())
    #expect(events.map(\.phase) == ["M", "M"])
  }
}
