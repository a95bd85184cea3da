// SPDX-License-Identifier: Apache-2.0

// Tests shaped the way workflow-swift's testing docs write them, against a workflow written the
// way its samples are: only the imports differ from a workflow-swift project.

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

// MARK: The workflow under test

struct ProfileLoaderWorkflow: Workflow {
  var userID: Int

  enum Output: Equatable {
    case closed
  }

  struct State: Equatable {
    var name: String?
    var isEditing = false
    var draft = ""
  }

  func makeInitialState() -> State {
    State()
  }

  func render(
    state: State, context: RenderContext<ProfileLoaderWorkflow>
  ) -> ProfileLoaderScreen {
    let sink = context.makeSink(of: Action.self)
    let mutations = context.makeStateMutationSink()
    if state.name == nil {
      ProfileLoaderWorker(userID: userID)
        .running(in: context, key: "load") { Action.loaded($0) }
    }
    let header = HeaderWorkflow(title: state.name ?? "Loading")
      .onOutput { _, output in
        switch output {
        case .closeTapped: return .closed
        }
      }
      .rendered(in: context, key: "header")
    context.runSideEffect(key: "analytics") { _ in }
    return ProfileLoaderScreen(
      header: header,
      draft: state.draft,
      onEdit: { sink.send(.edit) },
      onDraftChanged: { mutations.send(\.draft, value: $0) })
  }
}

extension ProfileLoaderWorkflow {
  enum Action: WorkflowAction, Equatable {
    typealias WorkflowType = ProfileLoaderWorkflow

    case loaded(String)
    case edit

    func apply(
      toState state: inout ProfileLoaderWorkflow.State,
      context: ApplyContext<ProfileLoaderWorkflow>
    ) -> ProfileLoaderWorkflow.Output? {
      switch self {
      case .loaded(let name):
        state.name = name
      case .edit:
        state.isEditing = true
        state.draft = state.name ?? ""
      }
      return nil
    }
  }
}

struct ProfileLoaderScreen {
  var header: String
  var draft: String
  var onEdit: () -> Void
  var onDraftChanged: (String) -> Void
}

struct ProfileLoaderWorker: Worker, Equatable {
  typealias Output = String

  var userID: Int

  func run() -> SignalProducer<String, Never> {
    SignalProducer(value: "user \(userID)")
  }
}

struct HeaderWorkflow: Workflow {
  var title: String

  enum Output {
    case closeTapped
  }

  func render(state: Void, context: RenderContext<HeaderWorkflow>) -> String {
    title
  }
}

// MARK: The tests

@Suite struct WorkflowSwiftTesterShapesTests {
  @Test func loadsTheProfileWithTheWorker() {
    ProfileLoaderWorkflow(userID: 7)
      .renderTester()
      .expectWorker(ProfileLoaderWorker(userID: 7), mockingOutput: "Ada", key: "load")
      .expectWorkflow(
        type: HeaderWorkflow.self,
        key: "header",
        producingRendering: "Loading"
      )
      .expectSideEffect(key: "analytics")
      .render { screen in
        #expect(screen.header == "Loading")
      }
      .assert(action: ProfileLoaderWorkflow.Action.loaded("Ada"))
      .verifyState { state in
        #expect(state.name == "Ada")
      }
      .assertNoOutput()
  }

  @Test func theHeaderClosingIsTheWorkflowOutput() {
    ProfileLoaderWorkflow(userID: 7)
      .renderTester(initialState: ProfileLoaderWorkflow.State(name: "Ada"))
      .expectWorkflow(
        type: HeaderWorkflow.self,
        key: "header",
        producingRendering: "Ada",
        producingOutput: .closeTapped
      ) { header in
        #expect(header.title == "Ada")
      }
      .expectSideEffect(key: "analytics")
      .render { _ in }
      .verifyOutput { output in
        #expect(output == .closed)
      }
      .assert(state: ProfileLoaderWorkflow.State(name: "Ada"))
  }

  @Test func editingFromTheRenderingIsOneAction() {
    ProfileLoaderWorkflow(userID: 7)
      .renderTester(initialState: ProfileLoaderWorkflow.State(name: "Ada"))
      .expectWorkflow(type: HeaderWorkflow.self, key: "header", producingRendering: "Ada")
      .expectSideEffect(key: "analytics")
      .render { screen in
        screen.onEdit()
      }
      .verifyAction { (action: ProfileLoaderWorkflow.Action) in
        #expect(action == .edit)
      }
      .assert(state: ProfileLoaderWorkflow.State(name: "Ada", isEditing: true, draft: "Ada"))
  }

  @Test func theDraftIsChangedThroughTheStateMutationSink() {
    ProfileLoaderWorkflow(userID: 7)
      .renderTester(initialState: ProfileLoaderWorkflow.State(name: "Ada", isEditing: true))
      .expectWorkflow(type: HeaderWorkflow.self, key: "header", producingRendering: "Ada")
      .expectSideEffect(key: "analytics")
      .render { screen in
        screen.onDraftChanged("Ada L.")
      }
      .verifyState { state in
        #expect(state.draft == "Ada L.")
      }
  }

  @Test func actionsAreTestedOnTheirOwn() {
    ProfileLoaderWorkflow.Action
      .tester(withState: ProfileLoaderWorkflow.State(name: "Grace"))
      .send(action: .edit)
      .assertNoOutput()
      .verifyState { state in
        #expect(state.isEditing)
        #expect(state.draft == "Grace")
      }
      .send(action: .loaded("Grace H."))
      .assert(state: ProfileLoaderWorkflow.State(name: "Grace H.", isEditing: true, draft: "Grace"))
  }
}
