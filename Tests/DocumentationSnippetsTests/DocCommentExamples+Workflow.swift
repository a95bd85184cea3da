// SPDX-License-Identifier: Apache-2.0

// The code examples of the Workflow module's doc comments, each compiled here in a context that
// gives it what it names; where a comment states a result, a test below checks it.
// ArticleCodeTests finds each example here, line for line; change both together.

import Foundation
import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

// MARK: Workflow, WorkflowHost, SnapshottableWorkflow (and WorkflowActionTester's example)

// The `Workflow` protocol's example.
struct CounterWorkflow: Workflow {
  enum Action: WorkflowAction {
    typealias WorkflowType = CounterWorkflow
    case increment
    func apply(
      toState state: inout Int, context: ApplyContext<CounterWorkflow>
    ) -> Never? {
      state += 1
      return nil
    }
  }
  func makeInitialState() -> Int { 0 }
  func render(
    state: Int, context: RenderContext<Self>
  ) -> (count: Int, sink: Sink<Action>) {
    (state, context.makeSink(of: Action.self))
  }
}

// CounterWorkflow's State is Int, which is Codable.
extension CounterWorkflow: SnapshottableWorkflow {}

@MainActor
func hostExample() -> WorkflowHost<CounterWorkflow> {
  let host = WorkflowHost(workflow: CounterWorkflow())
  host.rendering.value.sink.send(.increment)  // completes at once
  print(host.rendering.value.count)  // 1
  return host
}

// MARK: Runtime

@MainActor
func scopedConfigurationExample() -> WorkflowHost<CounterWorkflow> {
  let host = Runtime.withConfiguration(override: { configuration in
    configuration.partialTreeRendering = false
  }) {
    WorkflowHost(workflow: CounterWorkflow())
  }
  return host
}

@MainActor @Test func aHostMadeInAScopeTakesItsConfiguration() {
  let host = scopedConfigurationExample()
  host.rendering.value.sink.send(.increment)
  #expect(host.rendering.value.count == 1)
}

// MARK: ApplyContext

struct Greeter: Workflow {
  var name: String

  struct State: Equatable {
    var greeting = ""
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = Greeter
    case greet

    func apply(
      toState state: inout State, context: ApplyContext<Greeter>
    ) -> Never? {
      state.greeting = "Hello, \(context[workflowValue: \.name])"
      return nil
    }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Greeter>) -> String {
    state.greeting
  }
}

// MARK: Sink, AnyWorkflowAction

/// A name that the rendering renames, and a count it increments.
struct LabelWorkflow: Workflow {
  struct State: Equatable {
    var name = ""
    var count = 0
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = LabelWorkflow
    case rename(String)

    func apply(
      toState state: inout State, context: ApplyContext<LabelWorkflow>
    ) -> Never? {
      guard case .rename(let name) = self else { return nil }
      state.name = name
      return nil
    }
  }

  struct Screen {
    var name: String
    var count: Int
    var rename: Sink<String>
    var increment: () -> Void
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> Screen {
    let sink = context.makeSink(of: Action.self)
    let textSink = sink.contraMap { (text: String) in Action.rename(text) }
    return Screen(
      name: state.name, count: state.count, rename: textSink,
      increment: incrementer(context))
  }

  private func incrementer(_ context: RenderContext<Self>) -> () -> Void {
    let sink = context.makeSink(of: AnyWorkflowAction<Self>.self)
    let increment = {
      sink.send(
        AnyWorkflowAction { state in
          state.count += 1
          return nil
        })
    }
    return increment
  }
}

// MARK: runSideEffect, Worker, AsyncWorker, AsyncSequenceWorker

/// What the side-effect and worker examples fetch.
struct Profile: Equatable, Sendable {
  var id: Int
}

/// A stand-in for a network client.
struct ProfileAPI: Sendable {
  func profile(_ id: Int = 0) async -> Profile { Profile(id: id) }
}

/// The client the examples call.
let api = ProfileAPI()

/// Ticks on a scheduler with a side effect, and loads a profile with an async one.
struct ClockAndProfileWorkflow: Workflow {
  var scheduler: any DateScheduler

  struct State {
    var ticks = 0
    var profile: Profile?
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = ClockAndProfileWorkflow
    case tick(Date)
    case loaded(Profile)

    func apply(
      toState state: inout State,
      context: ApplyContext<ClockAndProfileWorkflow>
    ) -> Never? {
      switch self {
      case .tick: state.ticks += 1
      case .loaded(let profile): state.profile = profile
      }
      return nil
    }
  }

  func makeInitialState() -> State { State() }

  func render(
    state: State, context: RenderContext<Self>
  ) -> (ticks: Int, profile: Profile?) {
    let sink = context.makeSink(of: Action.self)
    let timer = SignalProducer.timer(interval: .seconds(1), on: scheduler)
    context.runSideEffect(key: "clock") { lifetime in
      lifetime += timer.startWithValues { sink.send(.tick($0)) }
    }
    context.runSideEffect(key: "load") {
      let profile = await api.profile()
      sink.send(.loaded(profile))
    }
    return (state.ticks, state.profile)
  }
}

/// Counts the seconds, on the main queue.
struct SecondsWorker: Worker {
  func run() -> SignalProducer<Int, Never> {
    SignalProducer.timer(interval: .seconds(1), on: QueueScheduler.main)
      .scan(0) { count, _ in count + 1 }
  }
}

/// Shows the seconds that `SecondsWorker` counted.
struct StopwatchWorkflow: Workflow {
  enum Action: WorkflowAction {
    typealias WorkflowType = StopwatchWorkflow
    case tick(Int)

    func apply(
      toState state: inout Int, context: ApplyContext<StopwatchWorkflow>
    ) -> Never? {
      if case .tick(let seconds) = self { state = seconds }
      return nil
    }
  }

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<Self>) -> Int {
    SecondsWorker()
      .running(in: context, key: "seconds") { Action.tick($0) }
    return state
  }
}

struct LoadProfile: AsyncWorker, Equatable {
  let id: Int
  func run() async -> Profile { await api.profile(id) }
}

struct CountdownWorker: AsyncSequenceWorker {
  var from: Int
  func makeValues() -> AsyncStream<Int> {
    AsyncStream { continuation in
      for value in (0...from).reversed() { continuation.yield(value) }
      continuation.finish()
    }
  }
}

// MARK: WorkflowTracer

@MainActor
func tracerExample() -> WorkflowTracer {
  let tracer = WorkflowTracer(capacity: 20)
  let host = WorkflowHost(workflow: TallyWorkflow(goal: 3), observers: [tracer])
  host.rendering.value.actions.send(.tap)  // ... use the app ...
  for pass in tracer.passes { print(pass) }
  return tracer
}

// MARK: WorkflowTracer+TraceEvents

@MainActor
func traceEventsExample(file: URL, handle: FileHandle) throws -> WorkflowTracer {
  let tracer = WorkflowTracer(capacity: 1_000)
  let host = WorkflowHost(workflow: TallyWorkflow(goal: 3), observers: [tracer])
  host.rendering.value.actions.send(.tap)  // ... use the app ...
  try tracer.writeTraceEvents(to: file)
  try tracer.writeTraceEvents(using: handle.write(contentsOf:))
  return tracer
}

// MARK: Checks of what the comments say

@Suite struct WorkflowDocCommentExamples {
  @MainActor @Test func aSendOnTheMainActorCompletesAtOnce() throws {
    let host = hostExample()
    #expect(host.rendering.value.count == 1)
    let restored = WorkflowHost(
      workflow: CounterWorkflow(), restoringFrom: try host.snapshot())
    #expect(restored.rendering.value.count == 1)
  }

  @Test func anActionReadsThePropsThroughItsContext() {
    Greeter.Action
      .tester(withState: Greeter.State(), workflow: Greeter(name: "Ada"))
      .send(action: .greet)
      .assert(state: Greeter.State(greeting: "Hello, Ada"))
  }

  @MainActor @Test func aContraMappedSinkAndAClosureActionChangeTheState() {
    let host = WorkflowHost(workflow: LabelWorkflow())
    host.rendering.value.rename.send("milk")
    host.rendering.value.increment()
    #expect(host.rendering.value.name == "milk")
    #expect(host.rendering.value.count == 1)
  }

  @MainActor @Test func sideEffectsTickAndLoad() async {
    let tester = WorkflowHostTester(exhaustive: false) {
      ClockAndProfileWorkflow(scheduler: $0)
    }
    tester.advance(by: .seconds(2))
    #expect(tester.rendering.ticks == 2)
    // A minute: the load runs in a task, which a loaded machine may start late.
    let loaded = await tester.awaitNextRendering(timeout: .seconds(60)) {
      $0.profile != nil
    }
    #expect(loaded?.profile == Profile(id: 0))
  }

  @Test func aWorkerIsRenderedWithAnOutputMap() {
    StopwatchWorkflow()
      .renderTester()
      .expectWorker(SecondsWorker(), mockingOutput: 3, key: "seconds")
      .render { seconds in #expect(seconds == 0) }
      .assert(state: 3)
  }

  @Test func theAsyncWorkersSendTheirResults() async {
    let load = WorkerTester(worker: LoadProfile(id: 7))
    #expect(await load.nextOutput(within: .seconds(60)) == Profile(id: 7))
    let countdown = WorkerTester(worker: CountdownWorker(from: 2))
    var values: [Int] = []
    for _ in 0..<3 {
      if let value = await countdown.nextOutput(within: .seconds(60)) {
        values.append(value)
      }
    }
    #expect(values == [2, 1, 0])
  }

  @MainActor @Test func theTraceEventsGoToTheFileAndTheHandleAlike() throws {
    let folder = FileManager.default.temporaryDirectory
    let file = folder.appendingPathComponent("tally-\(UUID().uuidString).json")
    let copy = folder.appendingPathComponent("tally-\(UUID().uuidString).json")
    defer { for url in [file, copy] { try? FileManager.default.removeItem(at: url) } }
    #expect(FileManager.default.createFile(atPath: copy.path, contents: nil))
    let handle = try FileHandle(forWritingTo: copy)
    let tracer = try traceEventsExample(file: file, handle: handle)
    try handle.close()
    #expect(try Data(contentsOf: file) == tracer.traceEventData())
    #expect(try Data(contentsOf: copy) == tracer.traceEventData())
  }

  @MainActor @Test func theTracerKeepsEachPass() {
    #expect(tracerExample().passes.count == 2)
  }
}

// MARK: WorkflowSession

// WorkflowSession's example: an observer written as for workflow-swift.
final class RenderLogger: WorkflowObserver {
  func workflowWillRender<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) -> ((W.Rendering) -> Void)? {
    let start = ContinuousClock.now
    return { _ in print(session.path, ContinuousClock.now - start) }
  }
}
