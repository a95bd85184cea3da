// SPDX-License-Identifier: Apache-2.0

// The code examples of the doc comments of workflow-swift's vocabulary (state-mutation sinks,
// `ignoringOutput()`, `onOutput` on the parent's state, `Lifetime.onEnded`, the render
// tester's producer and action checks), each compiled here in a context that gives it what it
// names. ArticleCodeTests finds each example here, line for line; change both together.

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

// MARK: StateMutationSink, RenderContext.makeStateMutationSink()

/// A query and its results, changed in place by a state-mutation sink.
struct QueryWorkflow: Workflow {
  struct State: Equatable {
    var query = ""
    var results = ["kotlin"]
    var name = ""
  }

  struct Screen {
    var state: State
    var onRename: (String) -> Void
    var onSearchSwift: () -> Void
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> Screen {
    let mutations = context.makeStateMutationSink()
    let onRename = { (name: String) in mutations.send(\.name, value: name) }
    return Screen(state: state, onRename: onRename) {
      searchSwift(mutations)
    }
  }

  /// Runs, after render, what `StateMutationSink`'s example sends.
  private func searchSwift(_ mutations: StateMutationSink<QueryWorkflow>) {
    mutations.send(\.query, value: "swift")
    mutations.send { state in state.results.removeAll() }
  }
}

/// `StateMutationSink`'s example as written, in render (compiled, not run: a send during render
/// is a programmer error).
func stateMutationSinkExample(context: RenderContext<QueryWorkflow>) {
  let mutations = context.makeStateMutationSink()
  mutations.send(\.query, value: "swift")
  mutations.send { state in state.results.removeAll() }
}

// MARK: ignoringOutput(), onOutput on the parent's state, Lifetime.onEnded

/// A banner that reports when it is closed.
struct BannerWorkflow: Workflow {
  enum Output {
    case closed
  }

  typealias State = Void

  func render(state: Void, context: RenderContext<Self>) -> String {
    "Welcome"
  }
}

/// Shows a banner, signs a user in (`LoginWorkflow` of the render tester's example), and polls
/// while it runs.
struct AppWorkflow: Workflow {
  struct State: Equatable {
    var user: String?
    var polls = 0
  }

  func makeInitialState() -> State { State() }

  func poll() async {}

  func render(
    state: State, context: RenderContext<Self>
  ) -> (banner: String, login: LoginWorkflow.Screen, user: String?) {
    let banner = BannerWorkflow().ignoringOutput().rendered(in: context)
    let login = login(in: context)
    context.runSideEffect(key: "poll") { lifetime in
      let task = Task { await poll() }
      lifetime.onEnded { task.cancel() }
    }
    return (banner, login, state.user)
  }

  private func login(in context: RenderContext<Self>) -> LoginWorkflow.Screen {
    LoginWorkflow()
      .onOutput { state, output in
        state.user = output.user
        return nil
      }
      .rendered(in: context)
  }
}

// MARK: expectSignalProducer, verifyAction

/// Counts down with a producer, and searches when asked.
struct SearchWorkflow: Workflow {
  struct State: Equatable {
    var query = ""
    var remaining = 0
  }

  enum Action: WorkflowAction, Equatable {
    typealias WorkflowType = SearchWorkflow
    case search(String)
    case counted(Int)

    func apply(
      toState state: inout State, context: ApplyContext<SearchWorkflow>
    ) -> Never? {
      switch self {
      case .search(let query): state.query = query
      case .counted(let remaining): state.remaining = remaining
      }
      return nil
    }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> (String) -> Void {
    SignalProducer<Int, Never>(values: 3, 2, 1)
      .running(in: context, key: "countdown") { Action.counted($0) }
    let sink = context.makeSink(of: Action.self)
    return { sink.send(.search($0)) }
  }
}

@Suite struct VocabularyDocCommentExamples {
  @MainActor @Test func stateMutationSinksChangeTheStateInPlace() {
    let host = WorkflowHost(workflow: QueryWorkflow())
    host.rendering.value.onRename("finder")
    host.rendering.value.onSearchSwift()
    let state = host.rendering.value.state
    #expect(state == QueryWorkflow.State(query: "swift", results: [], name: "finder"))
  }

  @MainActor @Test func theParentTakesTheUserFromTheChildsOutput() {
    let host = WorkflowHost(workflow: AppWorkflow())
    #expect(host.rendering.value.banner == "Welcome")
    host.rendering.value.login.onNameChanged("ada")
    host.rendering.value.login.onSubmit()
    #expect(host.rendering.value.user == "ada")
  }

  @Test func theProducerAndTheActionAreChecked() {
    let tester = SearchWorkflow().renderTester()
    tester
      .expectSignalProducer(producingOutput: 3, key: "countdown")
      .render { _ in }
    let result =
      tester
      .expectSignalProducer(outputType: Int.self, key: "countdown")
      .render { $0("swift") }
    result.verifyAction(type: SearchWorkflow.Action.self) { action in
      #expect(action == .search("swift"))
    }
  }
}
