// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Testing
import Workflow
import WorkflowReactive

/// Keeps a log of applied actions; an action may send more actions while it is applied.
struct Journal: Workflow {
  typealias State = [String]
  typealias Output = String

  struct Entry: WorkflowAction {
    typealias WorkflowType = Journal
    var name: String
    var output: String? = nil
    var sendWhileApplying: [Entry] = []
    var sink: Sink<Entry>? = nil

    func apply(toState state: inout [String], context: ApplyContext<Journal>) -> String? {
      state.append("begin \(name)")
      for entry in sendWhileApplying { sink?.send(entry) }
      state.append("end \(name)")
      return output
    }
  }

  struct Rendering {
    var log: [String]
    var sink: Sink<Entry>
  }

  func makeInitialState() -> [String] { [] }

  func render(state: [String], context: RenderContext<Journal>) -> Rendering {
    Rendering(log: state, sink: context.makeSink(of: Entry.self))
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ActionTests {
  @Test func sendsFromInsideApplyAreQueuedInOrder() {
    let host = WorkflowHost(workflow: Journal())
    let sink = host.rendering.value.sink
    sink.send(
      .init(
        name: "a",
        sendWhileApplying: [.init(name: "b"), .init(name: "c")],
        sink: sink))
    #expect(
      host.rendering.value.log == ["begin a", "end a", "begin b", "end b", "begin c", "end c"])
  }

  @Test func sendsFromRenderingObserversAreQueued() {
    let host = WorkflowHost(workflow: Journal())
    var seen: [[String]] = []
    host.rendering.signal.observeValues { rendering in
      seen.append(rendering.log)
      if rendering.log.count == 2 { rendering.sink.send(.init(name: "from observer")) }
    }
    host.rendering.value.sink.send(.init(name: "a"))
    #expect(
      seen == [
        ["begin a", "end a"],
        ["begin a", "end a", "begin from observer", "end from observer"],
      ])
  }

  @Test func sendsFromOutputObserversAreQueued() {
    let host = WorkflowHost(workflow: Journal())
    var outputs: [String] = []
    host.output.observeValues { output in
      outputs.append(output)
      // The rendering is already published when the output arrives.
      #expect(host.rendering.value.log.last == "end \(output)")
      if output == "a" {
        host.rendering.value.sink.send(.init(name: "b", output: "b"))
        #expect(outputs == ["a"])
      }
    }
    host.rendering.value.sink.send(.init(name: "a", output: "a"))
    #expect(outputs == ["a", "b"])
    #expect(host.rendering.value.log == ["begin a", "end a", "begin b", "end b"])
  }

  @Test func staleSinkReachesTheCurrentState() {
    let host = WorkflowHost(workflow: Counter())
    let firstSink = host.rendering.value.sink
    firstSink.send(.increment)
    firstSink.send(.increment)
    host.update(workflow: Counter(step: 5))
    firstSink.send(.increment)
    #expect(host.rendering.value.count == 7)
  }

  @Test func sinkOfARemovedNodeDoesNothing() {
    let host = WorkflowHost(workflow: CounterList(keys: ["a", "b"]))
    let staleSink = host.rendering.value["a"]!.sink
    host.update(workflow: CounterList(keys: ["b"]))
    var renders = 0
    host.rendering.signal.observeValues { _ in renders += 1 }
    staleSink.send(.increment)
    #expect(renders == 0)
    host.update(workflow: CounterList(keys: ["a", "b"]))
    staleSink.send(.increment)
    #expect(host.rendering.value["a"]!.count == 0)
  }

  @Test func sinkOutlivingItsHostDoesNothing() {
    var host: WorkflowHost<Counter>? = WorkflowHost(workflow: Counter())
    let sink = host!.rendering.value.sink
    host = nil
    sink.send(.increment)
  }

  @Test func sendsFromOtherThreadsAreAppliedOnTheMainThread() async {
    struct Probe: Workflow {
      func makeInitialState() -> [String] { [] }
      func render(state: [String], context: RenderContext<Probe>) -> ([String], Sink<Action>) {
        (state, context.makeSink(of: Action.self))
      }
      struct Action: WorkflowAction {
        typealias WorkflowType = Probe
        var sender: Int
        func apply(toState state: inout [String], context: ApplyContext<Probe>) -> Never? {
          state.append("\(sender) on \(isOnMainQueue() ? "main" : "other")")
          return nil
        }
      }
    }
    let host = WorkflowHost(workflow: Probe())
    let sink = host.rendering.value.1
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<4 {
        group.addTask { @Sendable in
          for _ in 0..<25 { sink.send(.init(sender: sender)) }
        }
      }
    }
    await waitUntil { host.rendering.value.0.count == 100 }
    let log = host.rendering.value.0
    #expect(log.count == 100)
    #expect(log.allSatisfy { $0.hasSuffix("on main") })
    for sender in 0..<4 {
      #expect(log.filter { $0.hasPrefix("\(sender) ") }.count == 25)
    }
  }

  @Test func applyContextReadsTheNodesCurrentWorkflow() {
    let host = WorkflowHost(workflow: Counter(step: 2))
    host.rendering.value.sink.send(.increment)
    #expect(host.rendering.value.count == 2)
  }
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Whether the caller runs on the main queue, where main-actor jobs run.
private func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == true
}
