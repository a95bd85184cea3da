// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// A counter of another type, to show that identity includes the type.
struct OtherCounter: Workflow {
  func makeInitialState() -> Int { 100 }
  func render(state: Int, context: RenderContext<OtherCounter>) -> Counter.Rendering {
    Counter().rendered(in: context) { _ in AnyWorkflowAction<OtherCounter>.noAction }
  }
}

/// Logs the calls the runtime makes on it.
struct Logged: Workflow {
  var value: Int
  var log: Recorder<String>

  func makeInitialState() -> Int {
    log.record("make \(value)")
    return value
  }

  func workflowDidChange(from previousWorkflow: Logged, state: inout Int) {
    log.record("change \(previousWorkflow.value)->\(value)")
    state = value
  }

  func render(state: Int, context: RenderContext<Logged>) -> Int {
    log.record("render \(state)")
    return state
  }
}

/// Drops a child's output.
func ignore<Output>(_ output: Output) -> AnyWorkflowAction<Scripted> { .noAction }

@MainActor
@Suite struct ChildTests {
  @Test func childIdentityIsTypeAndKey() {
    let host = WorkflowHost(workflow: CounterList(keys: ["a"]))
    host.rendering.value["a"]!.sink.send(.increment)
    host.update(workflow: CounterList(keys: ["b", "a"]))
    #expect(host.rendering.value["a"]!.count == 1)
    #expect(host.rendering.value["b"]!.count == 0)

    let mixed = WorkflowHost(
      workflow: Scripted { _, context in
        let counter = Counter().rendered(in: context, key: "x", outputMap: ignore)
        let other = OtherCounter().rendered(in: context, key: "x", outputMap: ignore)
        #expect(counter.count == 0)
        #expect(other.count == 0)
      })
    #expect(mixed.debugTree().children.map { $0.typeName } == ["Counter", "OtherCounter"])
  }

  @Test func childrenNotRenderedAreTornDownAndStartOverWhenBack() {
    let host = WorkflowHost(workflow: CounterList(keys: ["a", "b"]))
    host.rendering.value["a"]!.sink.send(.increment)
    host.update(workflow: CounterList(keys: ["b"]))
    #expect(host.debugTree().children.map(\.key) == ["b"])
    host.update(workflow: CounterList(keys: ["a", "b"]))
    #expect(host.rendering.value["a"]!.count == 0)
  }

  @Test func workflowDidChangeRunsBeforeTheReusedChildRenders() {
    let log = Recorder<String>()
    struct Parent: Workflow {
      var value: Int
      var log: Recorder<String>
      func render(state: Void, context: RenderContext<Parent>) -> Int {
        Logged(value: value, log: log).rendered(in: context)
      }
    }
    let host = WorkflowHost(workflow: Parent(value: 1, log: log))
    host.update(workflow: Parent(value: 2, log: log))
    #expect(log.events == ["make 1", "render 1", "change 1->2", "render 2"])
    #expect(host.rendering.value == 2)
  }

  @Test func duplicateChildKeyTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        _ = WorkflowHost(
          workflow: Scripted { _, context in
            _ = Counter().rendered(in: context, key: "same", outputMap: ignore)
            _ = Counter().rendered(in: context, key: "same", outputMap: ignore)
          })
      }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "Scripted rendered two children of type Counter with key \"same\" in one render"))
      #expect(message.contains("give each child of the same type a unique key"))
    }
  }

  @Test func duplicateChildKeyTrapsAfterReordering() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let host = WorkflowHost(
          workflow: Scripted { state, context in
            _ = Counter().rendered(in: context, key: state == 0 ? "a" : "b", outputMap: ignore)
            _ = Counter().rendered(in: context, key: "b", outputMap: ignore)
          })
        host.rendering.value.bump()
      }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "Scripted rendered two children of type Counter with key \"b\" in one render"))
      #expect(message.contains("give each child of the same type a unique key"))
    }
  }

  @Test func duplicateSideEffectKeyTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        _ = WorkflowHost(
          workflow: Scripted { _, context in
            context.runSideEffect(key: "once") { _ in }
            context.runSideEffect(key: "once") { _ in }
          })
      }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("Scripted ran two side effects with key"))
      #expect(message.contains("once"))
      #expect(message.contains("give each side effect a unique key"))
    }
  }

  @Test func renderContextUsedAfterRenderTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        nonisolated(unsafe) var escaped: RenderContext<Scripted>?
        _ = WorkflowHost(workflow: Scripted { _, context in escaped = context })
        _ = escaped!.makeSink(of: AnyWorkflowAction<Scripted>.self)
      }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("RenderContext<Scripted> used after its render pass"))
      #expect(message.contains("make sinks during render and send through them later"))
    }
  }

  @Test func sendDuringRenderTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        _ = WorkflowHost(
          workflow: Scripted { _, context in
            context.makeSink(of: AnyWorkflowAction<Scripted>.self).send(.noAction)
          })
      }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains("Scripted sent an action (AnyWorkflowAction<Scripted>) during render"))
      #expect(message.contains("send from a side effect or a worker instead"))
    }
  }
}
