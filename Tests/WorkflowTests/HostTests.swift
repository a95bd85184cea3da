// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// Reports, as its own outputs, the values a worker started by its first render sends at once;
/// its sink reports more.
struct EagerReporter: Workflow {
  typealias Output = Int

  func makeInitialState() -> Int { 0 }

  struct Report: WorkflowAction {
    typealias WorkflowType = EagerReporter
    var value: Int
    func apply(toState state: inout Int, context: ApplyContext<EagerReporter>) -> Int? {
      state += 1
      return value
    }
  }

  func render(state: Int, context: RenderContext<EagerReporter>) -> (Int, Sink<Report>) {
    SignalProducer(values: 1, 2, 3).running(in: context, key: "start") { Report(value: $0) }
    return (state, context.makeSink(of: Report.self))
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct HostTests {
  @Test func outputsOfTheFirstRendersWorkReachAnObserverAttachedAfterCreation() async {
    let host = WorkflowHost(workflow: EagerReporter())
    // The work ran before the initializer returned: the rendering shows it already.
    #expect(host.rendering.value.0 == 3)
    var outputs: [Int] = []
    host.output.observeValues { outputs.append($0) }
    await waitUntil { outputs.count == 3 }
    #expect(outputs == [1, 2, 3])
  }

  @Test func heldOutputsGoOutBeforeThoseOfTheNextStep() {
    let host = WorkflowHost(workflow: EagerReporter())
    var outputs: [Int] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.1.send(.init(value: 4))
    #expect(outputs == [1, 2, 3, 4])
  }

  @Test func heldOutputsAreNotSentTwice() async {
    let host = WorkflowHost(workflow: EagerReporter())
    var outputs: [Int] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.1.send(.init(value: 4))
    // The main-queue turn that would have published them finds nothing left to publish.
    try? await Task.sleep(for: .milliseconds(20))
    #expect(outputs == [1, 2, 3, 4])
  }

  @Test func rendersOnCreation() {
    let host = WorkflowHost(workflow: Counter(initial: 5))
    #expect(host.rendering.value.count == 5)
  }

  @Test func sendOnMainActorCompletesBeforeReturning() {
    let host = WorkflowHost(workflow: Counter())
    var seen: [Int] = []
    host.rendering.signal.observeValues { seen.append($0.count) }
    host.rendering.value.sink.send(.increment)
    #expect(host.rendering.value.count == 1)
    #expect(seen == [1])
  }

  @Test func actionReadsCurrentProps() {
    let host = WorkflowHost(workflow: Counter(step: 3))
    host.rendering.value.sink.send(.increment)
    host.update(workflow: Counter(step: 10))
    host.rendering.value.sink.send(.increment)
    #expect(host.rendering.value.count == 13)
  }

  @Test func updateWithEqualWorkflowDoesNotRender() {
    let host = WorkflowHost(workflow: Counter(step: 3))
    var renders = 0
    host.rendering.signal.observeValues { _ in renders += 1 }
    host.update(workflow: Counter(step: 3))
    #expect(renders == 0)
    host.update(workflow: Counter(step: 4))
    #expect(renders == 1)
  }

  @Test func outputsLeaveInTheOrderProduced() {
    let host = WorkflowHost(workflow: CounterList(keys: ["a", "b"]))
    var outputs: [CounterList.Output] = []
    host.output.observeValues { outputs.append($0) }
    let rendering = host.rendering.value
    rendering["b"]!.sink.send(.increment)
    rendering["b"]!.sink.send(.report)
    rendering["a"]!.sink.send(.report)
    rendering["b"]!.sink.send(.report)
    #expect(
      outputs == [
        .child("b", .reported(1)), .child("a", .reported(0)), .child("b", .reported(1)),
      ])
  }

  @Test func aHostReleasedByItsOutputObserverEndsItsStepThere() {
    var host: WorkflowHost<CounterList>? = WorkflowHost(workflow: CounterList(keys: ["a"]))
    var seen: [String] = []
    host!.output.observe { event in
      seen.append("first \(event)")
      host = nil
    }
    host!.output.observe { event in seen.append("second \(event)") }
    let rendering = host!.rendering
    let sink = rendering.value["a"]!.sink
    sink.send(.report)
    #expect(host == nil)
    // The second observer still got the output, then the completion; the stale send after it
    // changes nothing.
    #expect(
      seen == [
        #"first value child("a", WorkflowTests.Counter.Output.reported(0))"#,
        #"second value child("a", WorkflowTests.Counter.Output.reported(0))"#,
        "first completed", "second completed",
      ])
    sink.send(.increment)
    #expect(rendering.value["a"]!.count == 0)
  }

  @Test func aHostReleasedByItsRenderingObserverEndsItsStepThere() {
    var host: WorkflowHost<Counter>? = WorkflowHost(workflow: Counter())
    var outputs: [Counter.Output] = []
    host!.output.observeValues { outputs.append($0) }
    let sink = host!.rendering.value.sink
    host!.rendering.signal.observeValues { _ in
      // Queued behind the step that is publishing, then dropped with the host.
      sink.send(.report)
      host = nil
    }
    sink.send(.increment)
    #expect(host == nil)
    #expect(outputs.isEmpty)
  }

  @Test func outputSignalCompletesWhenHostGoesAway() {
    var host: WorkflowHost<Counter>? = WorkflowHost(workflow: Counter())
    var completed = false
    host!.output.observeCompleted { completed = true }
    host = nil
    #expect(completed)
  }

  @Test func renderingsSequenceStartsWithTheCurrentRendering() async {
    let host = WorkflowHost(workflow: Counter())
    var iterator = host.renderings.makeAsyncIterator()
    #expect(await iterator.next()?.count == 0)
    host.rendering.value.sink.send(.increment)
    #expect(await iterator.next()?.count == 1)
  }

  @Test func outputsSequenceDeliversOutputs() async {
    let host = WorkflowHost(workflow: Counter())
    let outputs = host.outputs
    host.rendering.value.sink.send(.report)
    host.rendering.value.sink.send(.increment)
    host.rendering.value.sink.send(.report)
    var iterator = outputs.makeAsyncIterator()
    #expect(await iterator.next() == .reported(0))
    #expect(await iterator.next() == .reported(1))
  }
}
