// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct HistoryTests {
  private func host(limit: Int = 10, observers: [any WorkflowObserver] = [])
    -> WorkflowHost<Notebook>
  {
    WorkflowHost(
      workflow: Notebook(), observers: observers,
      configuration: RuntimeConfiguration(historyLimit: limit))
  }

  @Test func aHostKeepsNoHistoryByDefault() {
    let host = WorkflowHost(workflow: Notebook())
    host.rendering.value.sink.send(.rename("A"))
    #expect(host.history.isEmpty)
    #expect(!host.undo())
    #expect(host.rendering.value.title == "A")
  }

  @Test func eachRenderedBatchIsOneStepWithTheActionThatLedToIt() {
    let host = host()
    host.rendering.value.sink.send(.rename("A"))
    host.rendering.value.sink.send(.nothing)  // changes nothing: no step
    host.rendering.value.pages[0].write("x")
    #expect(host.history.map(\.number) == [0, 1, 2])
    #expect(
      host.history.map(\.cause.description) == [
        "initial", #"rename("A") at Notebook"#, #"Write(text: "x") at Notebook/Page[intro]"#,
      ])
  }

  @Test func aBatchOfSeveralActionsNamesTheOneNearestTheRoot() {
    let host = host()
    var isArmed = true
    // Sent while the host publishes a rendering, so both are queued into one batch.
    let observation = host.rendering.signal.observeValues { rendering in
      guard isArmed else { return }
      isArmed = false
      rendering.pages[0].write("deep")
      rendering.sink.send(.rename("top"))
    }
    host.rendering.value.shelf.move()
    #expect(
      host.history.map(\.cause.description).dropFirst() == [
        "AnyWorkflowAction<Shelf> at Notebook/Shelf", #"rename("top") at Notebook (+1 more)"#,
      ])
    observation?.dispose()
  }

  @Test func anOutputPassedUpIsNamedByTheParentActionItLedTo() {
    let host = WorkflowHost(
      workflow: Relay(), configuration: RuntimeConfiguration(historyLimit: 5))
    host.rendering.value.say("hi")
    #expect(host.history.last?.cause.description == #"heard("hi") at Relay"#)
    #expect(host.rendering.value.heard == ["hi"])
  }

  @Test func theOldestStepsAreDroppedBeyondTheLimit() {
    let host = host(limit: 3)
    for title in ["A", "B", "C", "D"] { host.rendering.value.sink.send(.rename(title)) }
    #expect(host.history.map(\.number) == [2, 3, 4])
  }

  @Test func aLongSessionKeepsOnlyTheLastStepsAndARewindBringsNoForgottenOneBack() {
    let host = host(limit: 3)
    for index in 1...10 { host.rendering.value.sink.send(.rename("T\(index)")) }
    #expect(host.history.map(\.number) == [8, 9, 10])
    #expect(!host.rewind(toStep: 5))
    #expect(host.rewind(toStep: 8))
    #expect(host.history.map(\.number) == [8])
    #expect(!host.undo())
    host.rendering.value.sink.send(.rename("again"))
    #expect(host.history.map(\.number) == [8, 9])
    #expect(host.undo())
    #expect(host.rendering.value.title == "T8")
  }

  @Test func undoPublishesThePreviousRenderingAndDropsTheLatestStep() {
    let host = host()
    host.rendering.value.sink.send(.rename("A"))
    host.rendering.value.sink.send(.addPage("two"))
    var published: [String] = []
    let observation = host.rendering.signal.observeValues { published.append($0.summary) }
    #expect(host.undo())
    #expect(published == ["A [intro=] shelf 0 bookmark 1"])
    #expect(host.history.map(\.number) == [0, 1])
    #expect(host.undo())
    #expect(host.rendering.value.title == "untitled")
    #expect(!host.undo(), "the initial step has nothing before it")
    // Numbering goes on from the step rewound to.
    host.rendering.value.sink.send(.rename("B"))
    #expect(host.history.map(\.number) == [0, 1])
    #expect(host.history.map(\.cause.description) == ["initial", #"rename("B") at Notebook"#])
    observation?.dispose()
  }

  @Test func aNewRootWorkflowIsAStepOfItsOwn() {
    let host = host()
    host.update(workflow: Notebook(log: Recorder()))
    #expect(host.history.map(\.cause.description) == ["initial", "workflow update"])
  }

  @Test(arguments: [true, false])
  func aBatchThatPassesANewRootWorkflowIsAStepInEveryConfiguration(skipsUnchanged: Bool) {
    let host = WorkflowHost(
      workflow: Notebook(),
      configuration: RuntimeConfiguration(
        skipsRenderWhenStateIsUnchanged: skipsUnchanged, historyLimit: 10))
    var isArmed = true
    // Both queued while the host publishes, so they are one batch: an action that changes no
    // state, then a new root workflow.
    let observation = host.rendering.signal.observeValues { rendering in
      guard isArmed else { return }
      isArmed = false
      rendering.sink.send(.nothing)
      MainActor.assumeIsolated { host.update(workflow: Notebook(log: Recorder())) }
    }
    host.rendering.value.sink.send(.rename("A"))
    #expect(
      host.history.map(\.cause.description) == [
        "initial", #"rename("A") at Notebook"#, "nothing at Notebook",
      ])
    observation?.dispose()
  }

  @Test func anUpdateQueuedBehindARewindReachesTheNewRoot() {
    let host = WorkflowHost(
      workflow: Counter(), configuration: RuntimeConfiguration(historyLimit: 5))
    host.rendering.value.sink.send(.increment)
    var isArmed = true
    // Called while the host publishes, so both are queued: the rewind first.
    let observation = host.rendering.signal.observeValues { _ in
      guard isArmed else { return }
      isArmed = false
      MainActor.assumeIsolated {
        host.undo()
        host.update(workflow: Counter(step: 5))
      }
    }
    host.rendering.value.sink.send(.increment)
    // The counter does not opt in, so the rewind started it over; the new step applies.
    host.rendering.value.sink.send(.increment)
    #expect(host.rendering.value.count == 5)
    observation?.dispose()
  }

  @Test func aNegativeLimitTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = RuntimeConfiguration(historyLimit: -1)
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("historyLimit -1 is negative; pass 0 to keep no history"))
    }
  }

  @Test func settingANegativeLimitTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var configuration = RuntimeConfiguration()
      configuration.historyLimit = -2
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "RuntimeConfiguration: historyLimit -2 is negative; pass 0 to keep no history"))
    }
  }

  @Test func rewindingDuringRenderTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let box = HostBox()
        let host = WorkflowHost(
          workflow: RewindsInRender(box: box),
          configuration: RuntimeConfiguration(historyLimit: 5))
        box.host = host
        host.rendering.value.send(
          AnyWorkflowAction { state in
            state = true; return nil
          })
      }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("rewind(toStep:) was called during render"))
    }
  }

  @Test func rewindingToAStepThatIsNotKeptDoesNothing() {
    let host = host()
    host.rendering.value.sink.send(.rename("A"))
    #expect(!host.rewind(toStep: 5))
    #expect(!host.rewind(toStep: -1))
    #expect(host.rendering.value.title == "A")
    #expect(host.history.count == 2)
  }

  @Test func rewindingRestoresSnapshottableNodesAndStartsTheOthersFresh() {
    let host = host()
    host.rendering.value.shelf.move()
    host.rendering.value.shelf.bookmark.turn()
    host.rendering.value.sink.send(.rename("A"))
    #expect(host.rewind(toStep: 2))
    // Step 2 had the bookmark turned; the shelf does not opt in, so it starts over.
    #expect(host.rendering.value.summary == "untitled [intro=] shelf 0 bookmark 2")
  }

  @Test func observersSeeTheRewindAsTheCauseOfItsRenderPass() {
    let tracer = WorkflowTracer()
    let host = host(observers: [tracer])
    host.rendering.value.sink.send(.rename("A"))
    host.undo()
    #expect(
      tracer.passes.map(\.cause) == [
        .initial, .action(at: WorkflowNodePath(components: [.init(typeName: "Notebook", key: "")])),
        .rewind(toStep: 0),
      ])
  }

  @Test func rewindingTearsTheOldTreeDownAndStartsTheNewOne() {
    let census = LeakTracker()
    let events = Recorder<String>()
    let host = WorkflowHost(
      workflow: Shift(census: census, events: events),
      configuration: RuntimeConfiguration(historyLimit: 5))
    host.rendering.value.advance()
    #expect(host.rendering.value.hour == 1)
    events.removeAll()
    let stale = host.rendering.value
    #expect(host.undo())
    #expect(host.rendering.value.hour == 0)
    // The old tree's work ended before the new tree's started.
    #expect(events.events == ["worker ended", "effect ended", "effect started", "worker started"])
    #expect(census.leakedNames.sorted() == ["side-effect lifetime", "worker run"])
    // A sink of the old tree falls silent.
    stale.advance()
    #expect(host.rendering.value.hour == 0)
  }

  @Test func aRewoundTreeIsReleasedWithItsHost() {
    let census = LeakTracker()
    var host: WorkflowHost<Shift>? = WorkflowHost(
      workflow: Shift(census: census, events: Recorder()),
      configuration: RuntimeConfiguration(historyLimit: 5))
    host!.rendering.value.advance()
    host!.undo()
    host = nil
    #expect(census.leakedNames.isEmpty, "still alive: \(census.leakedNames)")
  }
}

/// A snapshottable workflow with a worker and a side effect whose runs a census tracks.
private struct Shift: SnapshottableWorkflow {
  var census: LeakTracker
  var events: Recorder<String>

  struct State: Codable {
    var hour = 0
  }

  struct Rendering {
    var hour: Int
    var advance: () -> Void
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Shift>) -> Rendering {
    let (census, events) = (census, events)
    context.runSideEffect(key: "effect") { lifetime in
      census.track(lifetime, "side-effect lifetime")
      events.record("effect started")
      lifetime.observeEnded { events.record("effect ended") }
    }
    SignalProducer<Int, Never> { observer, lifetime in
      let run = Tracked()
      census.track(run, "worker run")
      events.record("worker started")
      lifetime.observeEnded {
        withExtendedLifetime((observer, run)) { events.record("worker ended") }
      }
    }
    .running(in: context, key: "worker") { _ in AnyWorkflowAction<Shift>.noAction }
    let sink = context.makeSink(of: AnyWorkflowAction<Shift>.self)
    return Rendering(
      hour: state.hour,
      advance: {
        sink.send(
          AnyWorkflowAction { state in
            state.hour += 1; return nil
          })
      })
  }
}

/// Lets a workflow reach its own host, to misuse it.
@MainActor
private final class HostBox {
  var host: WorkflowHost<RewindsInRender>?
}

/// Rewinds its own host from `render` once its state is set: a programmer error.
private struct RewindsInRender: Workflow {
  let box: HostBox

  func makeInitialState() -> Bool { false }

  func render(state: Bool, context: RenderContext<RewindsInRender>) -> Sink<
    AnyWorkflowAction<RewindsInRender>
  > {
    if state { MainActor.assumeIsolated { _ = box.host?.rewind(toStep: 0) } }
    return context.makeSink(of: AnyWorkflowAction<RewindsInRender>.self)
  }
}

/// A parent that keeps what its child says through the child's output sink.
private struct Relay: Workflow {
  enum Action: WorkflowAction {
    typealias WorkflowType = Relay
    case heard(String)

    func apply(toState state: inout [String], context: ApplyContext<Relay>) -> Never? {
      if case .heard(let text) = self { state.append(text) }
      return nil
    }
  }

  struct Rendering {
    var heard: [String]
    var say: (String) -> Void
  }

  func makeInitialState() -> [String] { [] }

  func render(state: [String], context: RenderContext<Relay>) -> Rendering {
    Rendering(heard: state, say: Speaker().rendered(in: context) { Action.heard($0) })
  }
}

/// A child whose rendering sends its output.
private struct Speaker: Workflow {
  typealias Output = String

  func render(state: Void, context: RenderContext<Speaker>) -> (String) -> Void {
    let sink = context.makeOutputSink()
    return { sink.send($0) }
  }
}
