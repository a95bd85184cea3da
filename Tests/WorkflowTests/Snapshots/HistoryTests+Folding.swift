// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import Workflow
import WorkflowReactive

/// The history keeps the user's steps: worker outputs fold into the step before them.
@MainActor
@Suite struct HistoryFoldingTests {
  private let ticks: Signal<Int, Never>
  private let tick: Signal<Int, Never>.Observer

  init() {
    (ticks, tick) = Signal<Int, Never>.pipe()
  }

  private func host(limit: Int = 10, configuration: RuntimeConfiguration = .default)
    -> WorkflowHost<Stopwatch>
  {
    var configuration = configuration
    configuration.historyLimit = limit
    return WorkflowHost(workflow: Stopwatch(ticks: ticks), configuration: configuration)
  }

  private func state(of step: WorkflowHistoryStep?) throws -> Stopwatch.State {
    let data = try #require(try step?.snapshot.root.state)
    return try JSONDecoder().decode(Stopwatch.State.self, from: data)
  }

  private func tick(_ count: Int) {
    for _ in 0..<count { tick.send(value: 1) }
  }

  @Test func ticksBetweenTwoUserActionsFoldIntoTheFirst() throws {
    let host = host()
    host.rendering.value.lap("a")
    tick(3)
    #expect(host.history.map(\.number) == [0, 1])
    #expect(try state(of: host.history.last) == .init(laps: ["a"], elapsed: 3))
    host.rendering.value.lap("b")
    #expect(host.history.map(\.number) == [0, 1, 2])
    #expect(
      host.history.map(\.cause) == [
        .initial, .action(#"lap("a")"#, at: Self.root, othersInBatch: 0),
        .action(#"lap("b")"#, at: Self.root, othersInBatch: 0),
      ])
    #expect(host.undo())
    #expect(host.rendering.value.state == .init(laps: ["a"], elapsed: 3))
  }

  @Test func undoAfterTicksGoesBackToBeforeTheUsersLastAction() {
    let host = host()
    tick(2)
    host.rendering.value.lap("a")
    tick(5)
    #expect(host.rendering.value.state == .init(laps: ["a"], elapsed: 7))
    #expect(host.undo())
    #expect(host.rendering.value.state == .init(laps: [], elapsed: 2))
    #expect(!host.undo(), "the ticks before the first action belong to the initial step")
  }

  @Test func ticksDoNotUseUpTheLimit() {
    let host = host(limit: 3)
    host.rendering.value.lap("a")
    host.rendering.value.lap("b")
    tick(100)
    #expect(host.history.map(\.number) == [0, 1, 2])
    #expect(host.undo())
    #expect(host.rendering.value.state.laps == ["a"])
    #expect(host.undo())
    #expect(host.rendering.value.state.laps == [])
  }

  @Test func ticksAfterARewindFoldIntoTheStepRewoundTo() throws {
    let host = host()
    host.rendering.value.lap("a")
    host.rendering.value.lap("b")
    #expect(host.undo())
    tick(2)
    #expect(host.history.map(\.number) == [0, 1])
    #expect(try state(of: host.history.last) == .init(laps: ["a"], elapsed: 2))
    host.rendering.value.lap("c")
    #expect(host.history.map(\.number) == [0, 1, 2])
    #expect(host.undo())
    #expect(host.rendering.value.state == .init(laps: ["a"], elapsed: 2))
  }

  @Test(arguments: [true, false])
  func aBatchThatChangesNoStateIsNeverAStep(skipsUnchanged: Bool) {
    let host = host(
      configuration: RuntimeConfiguration(skipsRenderWhenStateIsUnchanged: skipsUnchanged))
    host.rendering.value.lap("a")
    host.rendering.value.send(.nothing)
    tick.send(value: 0)
    host.rendering.value.send(.nothing)
    #expect(host.history.map(\.number) == [0, 1])
    #expect(host.undo())
    #expect(host.rendering.value.state.laps == [])
  }

  @Test func theLatestStepHoldsTheSnapshotOfTheTreeAsPublished() throws {
    let host = host()
    var published: [WorkflowSnapshot?] = []
    let observation = host.rendering.signal.observeValues { _ in
      MainActor.assumeIsolated { published.append(try? host.history.last?.snapshot) }
    }
    host.rendering.value.lap("a")
    tick(1)
    host.undo()
    let states = try published.map { snapshot in
      let data = try #require(snapshot?.root.state)
      return try JSONDecoder().decode(Stopwatch.State.self, from: data)
    }
    #expect(
      states == [.init(laps: ["a"], elapsed: 0), .init(laps: ["a"], elapsed: 1), .init()],
      "after an action, after a tick, after the undo")
    observation?.dispose()
  }

  private static let root = WorkflowNodePath(components: [.init(typeName: "Stopwatch", key: "")])
}

/// Laps taken by the user, and the time a ticking worker counts.
private struct Stopwatch: SnapshottableWorkflow {
  let ticks: Signal<Int, Never>

  struct State: Codable, Equatable {
    var laps: [String] = []
    var elapsed = 0
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = Stopwatch
    case lap(String)
    case nothing

    func apply(toState state: inout State, context: ApplyContext<Stopwatch>) -> Never? {
      if case .lap(let name) = self { state.laps.append(name) }
      return nil
    }
  }

  struct Rendering {
    var state: State
    var sink: Sink<Action>

    func lap(_ name: String) { sink.send(.lap(name)) }
    func send(_ action: Action) { sink.send(action) }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Stopwatch>) -> Rendering {
    SignalProducer(ticks).running(in: context, key: "ticks") { seconds in
      AnyWorkflowAction { state in
        state.elapsed += seconds; return nil
      }
    }
    return Rendering(state: state, sink: context.makeSink(of: Action.self))
  }
}
