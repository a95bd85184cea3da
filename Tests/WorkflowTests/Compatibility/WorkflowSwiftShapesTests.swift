// SPDX-License-Identifier: Apache-2.0

// Code shaped the way workflow-swift's documentation and tests write it, with only the imports
// changed: if one of these stops compiling or behaving the same, a port from workflow-swift
// breaks too.

import Testing
import Workflow
import WorkflowReactive

// MARK: A parent that reacts to its child with onOutput

struct NameEntryWorkflow: Workflow {
  enum Output: Equatable {
    case submitted(String)
    case cancelled
  }

  struct State {
    var text: String
  }

  func makeInitialState() -> State {
    State(text: "")
  }

  func render(state: State, context: RenderContext<NameEntryWorkflow>) -> NameEntryScreen {
    let sink = context.makeSink(of: Action.self)
    let mutations = context.makeStateMutationSink()
    return NameEntryScreen(
      text: state.text,
      onTextChanged: { mutations.send(\.text, value: $0) },
      onSubmit: { sink.send(.submit) },
      onCancel: { sink.send(.cancel) })
  }
}

extension NameEntryWorkflow {
  enum Action: WorkflowAction {
    typealias WorkflowType = NameEntryWorkflow

    case submit
    case cancel

    func apply(
      toState state: inout NameEntryWorkflow.State,
      context: ApplyContext<NameEntryWorkflow>
    ) -> NameEntryWorkflow.Output? {
      switch self {
      case .submit: return .submitted(state.text)
      case .cancel: return .cancelled
      }
    }
  }
}

struct NameEntryScreen {
  var text: String
  var onTextChanged: (String) -> Void
  var onSubmit: () -> Void
  var onCancel: () -> Void
}

struct GreetingWorkflow: Workflow {
  enum Output {
    case finished
  }

  struct State {
    var name: String?
    var attempts = 0
  }

  struct Rendering {
    var greeting: String
    var entry: NameEntryScreen
  }

  func makeInitialState() -> State {
    State(name: nil)
  }

  func render(state: State, context: RenderContext<GreetingWorkflow>) -> Rendering {
    let entry = NameEntryWorkflow()
      .onOutput { state, output in
        switch output {
        case .submitted(let name):
          state.name = name
          state.attempts += 1
          return nil
        case .cancelled:
          return .finished
        }
      }
      .rendered(in: context)
    return Rendering(greeting: "Hello, \(state.name ?? "stranger")", entry: entry)
  }
}

// MARK: A side effect keyed by an enum, cleaned up through its lifetime

struct PollingWorkflow: Workflow {
  enum SideEffectKey: Hashable {
    case poll(every: Int)
  }

  var interval: Int
  var log: Recorder<String>

  typealias State = Void
  typealias Rendering = Void

  func render(state: Void, context: RenderContext<PollingWorkflow>) {
    let log = self.log
    let interval = self.interval
    context.runSideEffect(
      key: SideEffectKey.poll(every: interval),
      action: { lifetime in
        log.record("poll every \(interval)")
        lifetime.onEnded { log.record("stop \(interval)") }
      })
  }
}

@MainActor
@Suite struct WorkflowSwiftShapesTests {
  @Test func aParentUpdatesItsOwnStateFromTheChildOutput() {
    let host = WorkflowHost(workflow: GreetingWorkflow())
    host.rendering.value.entry.onTextChanged("Ada")
    #expect(host.rendering.value.entry.text == "Ada")
    host.rendering.value.entry.onSubmit()
    #expect(host.rendering.value.greeting == "Hello, Ada")
  }

  @Test func anOutputTheParentReturnsLeavesTheHost() {
    let host = WorkflowHost(workflow: GreetingWorkflow())
    var finished = 0
    host.output.observeValues { _ in finished += 1 }
    host.rendering.value.entry.onCancel()
    #expect(finished == 1)
  }

  @Test func aSideEffectRestartsWhenItsKeyChanges() {
    let log = Recorder<String>()
    let host = WorkflowHost(workflow: PollingWorkflow(interval: 5, log: log))
    host.update(workflow: PollingWorkflow(interval: 5, log: log))
    host.update(workflow: PollingWorkflow(interval: 1, log: log))
    #expect(log.events == ["poll every 5", "stop 5", "poll every 1"])
  }

  @Test func anErasedRootIsHosted() {
    let host = WorkflowHost(workflow: GreetingWorkflow().mapRendering(\.greeting))
    #expect(host.rendering.value == "Hello, stranger")
  }

  // Differs from workflow-swift, on purpose: actions that arrive while the host is busy are
  // applied together and rendered once, instead of one render per action. Renderings in between
  // would be published only to be replaced at once.
  @Test func actionsQueuedInOneStepLeadToOneRender() {
    let host = WorkflowHost(workflow: GreetingWorkflow())
    var renders = 0
    var isArmed = true
    let observation = host.rendering.signal.observeValues { rendering in
      renders += 1
      guard isArmed else { return }
      isArmed = false
      rendering.entry.onTextChanged("Grace")
      rendering.entry.onSubmit()
    }
    host.rendering.value.entry.onTextChanged("G")
    #expect(renders == 2, "one for the first change, one for the two queued actions")
    #expect(host.rendering.value.greeting == "Hello, Grace")
    observation?.dispose()
  }

  // Differs from workflow-swift, on purpose: a sink stays valid for as long as its node lives,
  // not only until the next render, so a rendering kept by a UI a little too long still works.
  @Test func aSinkOfAnOlderRenderingStillReachesItsNode() {
    let host = WorkflowHost(workflow: GreetingWorkflow())
    let old = host.rendering.value.entry
    host.rendering.value.entry.onTextChanged("Lin")
    old.onSubmit()
    #expect(host.rendering.value.greeting == "Hello, Lin")
  }
}
