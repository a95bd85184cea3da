// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct TracerTests {
  private func path(_ components: (String, String)...) -> WorkflowNodePath {
    WorkflowNodePath(components: components.map { .init(typeName: $0.0, key: $0.1) })
  }

  private func tracedCounters() -> (WorkflowHost<CounterList>, WorkflowTracer) {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: CounterList(keys: ["a", "b"]), observers: [tracer])
    return (host, tracer)
  }

  @Test func theInitialPassRendersEveryNodeFresh() {
    let (_, tracer) = tracedCounters()
    let pass = tracer.passes[0]
    #expect(pass.number == 1 && pass.cause == .initial && pass.rendered)
    #expect(pass.actions.isEmpty && pass.outputs.isEmpty)
    #expect(
      pass.renders == [
        .init(path: path(("CounterList", "")), isReused: false),
        .init(path: path(("CounterList", ""), ("Counter", "a")), isReused: false),
        .init(path: path(("CounterList", ""), ("Counter", "b")), isReused: false),
      ])
  }

  @Test func anActionPassRecordsTheChangeAndWhichNodesWereReused() {
    let (host, tracer) = tracedCounters()
    host.rendering.value["a"]!.sink.send(.increment)
    let counterA = path(("CounterList", ""), ("Counter", "a"))
    let pass = tracer.passes[1]
    #expect(pass.cause == .action(at: counterA))
    #expect(
      pass.actions == [
        .init(
          path: counterA, action: "increment", changes: [.init(field: "", before: "0", after: "1")],
          output: nil)
      ])
    #expect(pass.renders.map(\.isReused) == [false, false, true])
    #expect(
      pass.description == """
        #2 action at CounterList/Counter[a]
          action increment at CounterList/Counter[a]
            state: 0 -> 1
          rendered 2: CounterList, Counter[a]
          reused 1: Counter[b]
        """)
  }

  @Test func aStepThatChangesNothingIsRecordedWithItsOutputsAndNoRender() {
    let (host, tracer) = tracedCounters()
    host.rendering.value["b"]!.sink.send(.report)
    let counterB = path(("CounterList", ""), ("Counter", "b"))
    let pass = tracer.passes[1]
    #expect(!pass.rendered && pass.renders.isEmpty)
    #expect(pass.cause == .action(at: counterB))
    #expect(
      pass.actions.map(\.action) == [
        "report", #"ChildOutput(key: "b", output: reported(0))"#,
      ])
    #expect(
      pass.actions.map(\.output) == [
        "reported(0)", #"child("b", reported(0))"#,
      ])
    #expect(pass.outputs.map(\.path) == [counterB, path(("CounterList", ""))])
    #expect(tracer.totals == .init(passes: 1, freshRenders: 3, reusedRenders: 0))
  }

  @Test func onlyTheLastPassesAreKeptButAllAreCounted() {
    let tracer = WorkflowTracer(capacity: 2)
    let host = WorkflowHost(workflow: CounterList(keys: ["a"]), observers: [tracer])
    for _ in 0..<3 { host.rendering.value["a"]!.sink.send(.increment) }
    #expect(tracer.passes.map(\.number) == [3, 4])
    #expect(tracer.totals == .init(passes: 4, freshRenders: 8, reusedRenders: 0))
  }

  @Test func eachCompletedPassIsHandedOnAsItEnds() {
    let tracer = WorkflowTracer()
    var handed: [Int] = []
    tracer.passDidComplete = { handed.append($0.number) }
    let host = WorkflowHost(workflow: Counter(), observers: [tracer])
    host.rendering.value.sink.send(.increment)
    host.rendering.value.sink.send(.nothing)
    #expect(handed == [1, 2, 3])
  }

  @Test func aPassSurvivesAJSONRoundTrip() throws {
    let (host, tracer) = tracedCounters()
    host.rendering.value["a"]!.sink.send(.increment)
    host.rendering.value["b"]!.sink.send(.report)
    for pass in tracer.passes {
      let line = try JSONEncoder().encode(pass)
      #expect(!line.contains(UInt8(ascii: "\n")), "one pass is one JSON line")
      #expect(try JSONDecoder().decode(RenderPassTrace.self, from: line) == pass)
    }
  }

  @Test func pathsAreWrittenAsTheirComponents() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = try encoder.encode(path(("List", ""), ("Row", "7")))
    #expect(
      String(decoding: json, as: UTF8.self)
        == #"[{"key":"","type":"List"},{"key":"7","type":"Row"}]"#)
  }

  @Test func aWorkerOutputIsTheCauseOfThePassItStarts() {
    let tracer = WorkflowTracer()
    let (signal, input) = Signal<Int, Never>.pipe()
    let host = WorkflowHost(workflow: Listener(values: signal), observers: [tracer])
    input.send(value: 4)
    #expect(host.rendering.value == 4)
    let worker = path(("Listener", ""), ("WorkerWorkflow<ProducerWorker<Int>>", ""))
    #expect(tracer.passes.last?.cause == .workerOutput(at: worker))
  }

  @Test func changesAreReportedFieldByFieldThroughNestedStructsAndArrays() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: Form(), observers: [tracer])
    let edits: [(inout Form.State) -> Void] = [
      { state in
        state.address.city = "Oslo"
        state.tags.append("new")
      },
      { $0.mode = .editing(2) },
      { $0.tags = ["a", "b", "c"] },
      { $0.tags.remove(at: 1) },
      { $0.tags[1] = "z" },
      { $0.tags.removeLast() },
      { _ in },
    ]
    for edit in edits {
      host.rendering.value.send(
        AnyWorkflowAction { state in
          edit(&state); return nil
        })
    }
    let changes = tracer.passes.dropFirst().map(\.actions).map { $0[0].changes }
    #expect(
      changes == [
        [
          .init(field: "address.city", before: #""Bergen""#, after: #""Oslo""#),
          .init(field: "tags[0]", before: "(none)", after: #""new""#),
        ],
        [.init(field: "mode", before: "viewing", after: "editing(2)")],
        // Strings are matched by value: "new" was replaced in place, then "b" removed.
        [
          .init(field: "tags[0]", before: #""new""#, after: #""a""#),
          .init(field: "tags[1]", before: "(none)", after: #""b""#),
          .init(field: "tags[2]", before: "(none)", after: #""c""#),
        ],
        [.init(field: "tags[1]", before: #""b""#, after: "(none)")],
        [.init(field: "tags[1]", before: #""c""#, after: #""z""#)],
        [.init(field: "tags[1]", before: #""z""#, after: "(none)")],
        [],
      ])
  }
}

extension TracerTests {
  @Test func aChangeTheMirrorHidesShowsTheStateAsChangedWhole() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: Vault(), observers: [tracer])
    host.rendering.value.send(
      AnyWorkflowAction { state in
        state.pin = Pin(digits: "1234"); return nil
      })
    #expect(
      tracer.passes.last?.actions.first?.changes == [
        .init(field: "", before: "State(pin: ••••)", after: "State(pin: ••••)")
      ])
  }

  @Test func statesAreComparedOnlyWhenAPassIsRead() {
    let tracer = WorkflowTracer()
    let probe = Probe()
    let host = WorkflowHost(workflow: Probed(probe: probe), observers: [tracer])
    for _ in 0..<3 {
      host.rendering.value.send(
        AnyWorkflowAction {
          $0.count += 1; return nil
        })
    }
    #expect(probe.descriptions == 0, "nothing is compared while nobody reads the trace")
    let changes = tracer.passes.dropFirst().map { $0.actions[0].changes.map(\.field) }
    #expect(changes == [["count"], ["count"], ["count"]])
    let described = probe.descriptions
    #expect(described > 0)
    _ = tracer.passes
    #expect(probe.descriptions == described, "a pass is worked out once")
  }

  @Test func aHandlerOfCompletedPassesGetsThemWorkedOut() {
    let tracer = WorkflowTracer()
    var changes: [[RenderPassTrace.StateChange]] = []
    tracer.passDidComplete = { pass in changes += pass.actions.map(\.changes) }
    let host = WorkflowHost(workflow: Counter(), observers: [tracer])
    host.rendering.value.sink.send(.increment)
    #expect(changes == [[.init(field: "", before: "0", after: "1")]])
  }
}

/// Counts how often it is described.
private final class Probe: CustomStringConvertible {
  var descriptions = 0
  var description: String {
    descriptions += 1
    return "probe"
  }
}

/// A workflow whose state holds a ``Probe`` beside a count; not `Equatable`, so every field is
/// compared.
private struct Probed: Workflow {
  let probe: Probe

  struct State {
    var count = 0
    var probe: Probe
  }

  func makeInitialState() -> State { State(probe: probe) }

  func render(state: State, context: RenderContext<Probed>) -> Sink<AnyWorkflowAction<Probed>> {
    context.makeSink(of: AnyWorkflowAction<Probed>.self)
  }
}

/// A PIN that never prints its digits, not even through its mirror.
private struct Pin: Equatable, CustomStringConvertible, CustomReflectable {
  var digits: String
  var description: String { "••••" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A workflow whose state holds a ``Pin``.
private struct Vault: Workflow {
  struct State: Equatable {
    var pin = Pin(digits: "0000")
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Vault>) -> Sink<AnyWorkflowAction<Vault>> {
    context.makeSink(of: AnyWorkflowAction<Vault>.self)
  }
}

/// Renders the last value of a signal, run as a worker.
private struct Listener: Workflow {
  var values: Signal<Int, Never>

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<Listener>) -> Int {
    SignalProducer(values).running(in: context) { value in
      AnyWorkflowAction { state in
        state = value; return nil
      }
    }
    return state
  }
}

/// A workflow with a nested struct, a collection and an enum in its state.
private struct Form: Workflow {
  struct Address: Equatable {
    var street = "Main"
    var city = "Bergen"
  }

  enum Mode: Equatable {
    case viewing
    case editing(Int)
  }

  struct State: Equatable {
    var address = Address()
    var tags: [String] = []
    var mode = Mode.viewing
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Form>) -> Sink<AnyWorkflowAction<Form>> {
    context.makeSink(of: AnyWorkflowAction<Form>.self)
  }
}
