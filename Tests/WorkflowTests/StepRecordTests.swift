// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// The runtime's one record of each step, as a tracer keeps it: what a trace export, the
/// tracer's passes and the history are made from.
@MainActor
@Suite struct StepRecordTests {
  private func path(_ components: (String, String)...) -> WorkflowNodePath {
    WorkflowNodePath(components: components.map { .init(typeName: $0.0, key: $0.1) })
  }

  @Test func anActionStepRecordsItsCauseActionsRendersAndFacts() throws {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: CounterList(keys: ["a", "b"]), observers: [tracer])
    host.rendering.value["a"]!.sink.send(.increment)
    let record = try #require(tracer.records.last)
    let counterA = path(("CounterList", ""), ("Counter", "a"))
    #expect(record.number == 1)
    #expect(record.cause == .action(at: counterA))
    #expect(record.facts == StepFacts(stateDidChange: true))
    #expect(record.actions.map(\.node.path) == [counterA])
    #expect(record.actions.map(\.didChangeState) == [true])
    #expect(record.actions.map { $0.values.describeAction() } == ["increment"])
    #expect(record.actions[0].values.changes() == [.init(field: "", before: "0", after: "1")])
    #expect(record.actions[0].values.describeOutput() == nil)
    #expect(record.outputs.isEmpty && record.work.isEmpty)
    #expect(record.rendered)
    #expect(
      record.renders.map(\.node.path) == [
        path(("CounterList", "")), counterA, path(("CounterList", ""), ("Counter", "b")),
      ])
    #expect(record.renders.map(\.isReused) == [false, false, true])
    #expect(record.nodeCount == 3)
    #expect(record.queuedAtEnd == 0)
  }

  @Test func outputsPassedUpAreRecordedAtTheNodesThatEmittedThem() throws {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: CounterList(keys: ["a"]), observers: [tracer])
    host.rendering.value["a"]!.sink.send(.report)
    let record = try #require(tracer.records.last)
    #expect(!record.rendered && record.renders.isEmpty)
    #expect(
      record.outputs.map(\.node.path) == [
        path(("CounterList", ""), ("Counter", "a")), path(("CounterList", "")),
      ])
    #expect(record.outputs.map { $0.describe() } == ["reported(0)", #"child("a", reported(0))"#])
    #expect(
      record.actions.map { $0.values.describeOutput() } == record.outputs.map { $0.describe() })
    #expect(record.actions.map(\.didChangeState) == [false, false])
  }

  @Test func eachRenderLiesInsideItsParentsAndThePassInsideTheStep() throws {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(
      workflow: CounterList(keys: ["a", "b"]), observers: [tracer],
      configuration: RuntimeConfiguration(isPartialRenderingEnabled: false))
    host.rendering.value["b"]!.sink.send(.increment)
    for record in tracer.records {
      let pass = try #require(record.renderPass)
      #expect(record.start <= pass.start && pass.end <= record.end)
      let spans = record.renders.compactMap(\.span)
      #expect(spans.count == 3)
      let (root, children) = (spans[0], spans.dropFirst())
      #expect(pass.start <= root.start && root.end <= pass.end)
      for child in children { #expect(root.start <= child.start && child.end <= root.end) }
      for action in record.actions {
        #expect(record.start <= action.time && action.time <= pass.start)
      }
    }
  }

  @Test func sideEffectsAreRecordedInTheStepsThatStartAndEndThem() throws {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        if state == 1 { context.runSideEffect(key: "tick") { _ in } }
      },
      observers: [tracer])
    host.rendering.value.bump()
    host.rendering.value.bump()
    let records = tracer.records
    #expect(records.map(\.work.count) == [0, 1, 1])
    let (started, ended) = (records[1].work[0], records[2].work[0])
    #expect(started.event == .started && ended.event == .ended)
    #expect(started.key == AnyHashable("tick") && ended.key == AnyHashable("tick"))
    #expect(started.node.path == path(("Scripted", "")))
    let pass = try #require(records[1].renderPass)
    #expect(pass.end <= started.time && started.time <= records[1].end)
  }

  @Test func aSendQueuedWhileTheHostPublishesIsCountedAtTheStepsEnd() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: Counter(), observers: [tracer])
    var isArmed = true
    let observation = host.rendering.signal.observeValues { rendering in
      guard isArmed else { return }
      isArmed = false
      rendering.sink.send(.increment)
    }
    host.rendering.value.sink.send(.increment)
    #expect(tracer.records.map(\.queuedAtEnd) == [0, 1, 0])
    #expect(tracer.records.map(\.number) == [0, 1, 2])
    observation?.dispose()
  }

  @Test func theNodeCountFollowsTheTree() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: CounterList(keys: ["a"]), observers: [tracer])
    host.update(workflow: CounterList(keys: ["a", "b", "c"]))
    host.update(workflow: CounterList(keys: []))
    #expect(tracer.records.map(\.nodeCount) == [2, 4, 1])
  }

  @Test func aStepThatAppliesAndRendersNothingMakesNoRecord() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: Counter(), observers: [tracer])
    host.update(workflow: Counter())
    host.rendering.value.sink.send(.increment)
    #expect(tracer.records.map(\.number) == [0, 1])
  }

  @Test func theFirstRenderIsStepZeroAndRendersEveryNodeFresh() throws {
    let tracer = WorkflowTracer()
    _ = WorkflowHost(workflow: CounterList(keys: ["a"]), observers: [tracer])
    let record = try #require(tracer.records.first)
    #expect(record.number == 0 && record.cause == .initial && record.facts.isInitial)
    #expect(record.renders.map(\.isReused) == [false, false])
    #expect(record.nodeCount == 2)
  }
}
