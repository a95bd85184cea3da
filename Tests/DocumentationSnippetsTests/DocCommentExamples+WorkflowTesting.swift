// SPDX-License-Identifier: Apache-2.0

// The code examples of the WorkflowTesting module's doc comments, run as tests with the
// workflows they name. ArticleCodeTests finds each example here, line for line; change both
// together. The action tester's example uses the `CounterWorkflow` of the Workflow module's
// examples.

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

// MARK: WorkerTester

/// Counts the seconds of its scheduler.
struct TickWorker: Worker {
  var scheduler: any DateScheduler

  func run() -> SignalProducer<Int, Never> {
    SignalProducer.timer(interval: .seconds(1), on: scheduler)
      .scan(0) { count, _ in count + 1 }
  }
}

// MARK: RenderTesterResult

/// Saves when asked, and reports it.
struct SaveWorkflow: Workflow {
  enum State: Equatable {
    case editing
    case saving
  }

  enum Output: Equatable {
    case saved
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = SaveWorkflow
    case save

    func apply(
      toState state: inout State, context: ApplyContext<SaveWorkflow>
    ) -> Output? {
      state = .saving
      return .saved
    }
  }

  struct Screen {
    var onSave: () -> Void
  }

  func makeInitialState() -> State { .editing }

  func render(state: State, context: RenderContext<Self>) -> Screen {
    let sink = context.makeSink(of: Action.self)
    return Screen { sink.send(.save) }
  }
}

/// A count that its rendering increments.
struct IncrementWorkflow: Workflow {
  struct State: Equatable {
    var count = 0
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = IncrementWorkflow
    case increment

    func apply(
      toState state: inout State, context: ApplyContext<IncrementWorkflow>
    ) -> Never? {
      state.count += 1
      return nil
    }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> () -> Void {
    let sink = context.makeSink(of: Action.self)
    return { sink.send(.increment) }
  }
}

// MARK: RenderTester

/// Whether a name is acceptable.
struct ValidatorWorkflow: Workflow {
  enum Validity {
    case valid
    case invalid
  }

  var name: String

  typealias State = Void

  func render(state: Void, context: RenderContext<Self>) -> Validity {
    name.isEmpty ? .invalid : .valid
  }
}

/// Asks for a name, which a child validates, and reports the user signed in.
struct LoginWorkflow: Workflow {
  struct State: Equatable {
    var name: String
  }

  struct Output {
    var user: String
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = LoginWorkflow
    case nameChanged(String)
    case submit

    func apply(
      toState state: inout State, context: ApplyContext<LoginWorkflow>
    ) -> Output? {
      switch self {
      case .nameChanged(let name):
        state.name = name
        return nil
      case .submit:
        return Output(user: state.name)
      }
    }
  }

  struct Screen {
    var validity: ValidatorWorkflow.Validity
    var onNameChanged: (String) -> Void
    var onSubmit: () -> Void
  }

  func makeInitialState() -> State { State(name: "") }

  func render(state: State, context: RenderContext<Self>) -> Screen {
    let validity = ValidatorWorkflow(name: state.name).rendered(in: context)
    let sink = context.makeSink(of: Action.self)
    return Screen(
      validity: validity, onNameChanged: { sink.send(.nameChanged($0)) },
      onSubmit: { sink.send(.submit) })
  }
}

// MARK: WorkflowHostTester

/// Counts seconds while started.
struct TimerWorkflow: Workflow {
  var scheduler: any DateScheduler

  struct State: Equatable {
    var isRunning = false
    var elapsed = 0
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = TimerWorkflow
    case start
    case stop
    case tick

    func apply(
      toState state: inout State, context: ApplyContext<TimerWorkflow>
    ) -> Never? {
      switch self {
      case .start: state.isRunning = true
      case .stop: state.isRunning = false
      case .tick: state.elapsed += 1
      }
      return nil
    }
  }

  struct Screen {
    var elapsed: Int
    var start: () -> Void
    var stop: () -> Void
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Self>) -> Screen {
    if state.isRunning {
      TickWorker(scheduler: scheduler)
        .running(in: context, key: "tick") { _ in Action.tick }
    }
    let sink = context.makeSink(of: Action.self)
    return Screen(
      elapsed: state.elapsed, start: { sink.send(.start) },
      stop: { sink.send(.stop) })
  }
}

// MARK: The examples

@Suite struct WorkflowTestingDocCommentExamples {
  @Test func theWorkerTesterReadsOutputsAndStopsTheWorker() {
    let scheduler = TestScheduler()
    let tester = WorkerTester(
      worker: TickWorker(scheduler: scheduler), scheduler: scheduler)
    tester.advance(by: .seconds(1))
    tester.assertNextOutput(1)
    tester.cancel()
    tester.assertStopped()
  }

  @Test func theActionTesterChainsSteps() {
    CounterWorkflow.Action
      .tester(withState: 0)
      .send(action: .increment)
      .assert(state: 1)
      .assertNoOutput()
  }

  @Test func resultChecksChain() {
    let tester = SaveWorkflow().renderTester()
    tester.render { $0.onSave() }
      .assert(state: .saving)
      .assert(output: .saved)
  }

  @Test func stateModificationsAreCheckedAgainstTheInitialState() {
    let result = IncrementWorkflow().renderTester().render { $0() }
    result.assertStateModifications { state in state.count += 1 }
  }

  @Test func theRenderTesterAnswersForTheChild() {
    LoginWorkflow()
      .renderTester(initialState: .init(name: ""))
      .expectWorkflow(type: ValidatorWorkflow.self, producingRendering: .valid)
      .render { screen in screen.onNameChanged("Ada") }
      .assert(state: .init(name: "Ada"))
  }

  @MainActor @Test func theHostTesterRunsTheTreeOnVirtualTime() async {
    let tester = WorkflowHostTester { TimerWorkflow(scheduler: $0) }
    tester.send { $0.start() }
    await tester.awaitNextRendering()
    tester.advance(by: .seconds(1))
    #expect(await tester.awaitNextRendering()?.elapsed == 1)
    tester.send { $0.stop() }
    await tester.awaitNextRendering()
    tester.finish()
  }
}
