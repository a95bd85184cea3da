// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// The runtime scenarios R1-R5 and the memory row M1 of the Architecture article
/// (Workflow/Workflow.docc/Architecture.md, "Speed, measured").
@MainActor
enum RuntimeBenchmarks {
  static var scenarios: [Scenario] {
    [
      oneWorkflow, thousandChildren(partial: true), chain(partial: true), toggle, hostCreation,
      thousandChildren(partial: false), chain(partial: false), memoryPerNode,
    ]
  }

  private static let actions = 100_000
  static let childActions = 1_000
  static let childCount = 1_000
  private static let chainLength = 99
  static let toggles = 100
  private static let hosts = 100
  /// Child keys, built once outside every timed loop.
  static let keys = (0..<childCount).map(String.init)

  /// R1: the cost of one action through a whole host cycle (apply, render, notify).
  private static let oneWorkflow = Scenario(
    id: "R1", title: "one workflow, 100k actions through the latest rendering's sink; per action",
    target: 400,
    kind: .time(operations: actions) {
      let host = WorkflowHost(workflow: CounterWorkflow())
      return Scenario.Trial(
        run: { for _ in 0..<actions { host.rendering.value.increment.send(.increment) } },
        check: { host.rendering.value.value == actions })
    })

  /// R2: one action at one of 1,000 keyed children; the root renders them all.
  private static func thousandChildren(partial: Bool) -> Scenario {
    Scenario(
      id: partial ? "R2" : "R2-full",
      title: "root with 1,000 keyed children, 1k actions, action i to child i % 1000; per action"
        + (partial ? "" : " (partial rendering off)"),
      target: partial ? 60_000 : nil,
      kind: .time(operations: childActions) {
        let host = WorkflowHost(
          workflow: FanOutWorkflow(keys: keys), configuration: configuration(partial: partial))
        return Scenario.Trial(
          run: {
            for index in 0..<childActions {
              host.rendering.value[index % childCount].increment.send(.increment)
            }
          },
          check: { host.rendering.value.reduce(0) { $0 + $1.value } == childActions })
      })
  }

  /// R3: an action at the leaf of a chain of 99 stateless workflows.
  private static func chain(partial: Bool) -> Scenario {
    Scenario(
      id: partial ? "R3" : "R3-full",
      title: "chain of 99 stateless workflows over R1's, 1k actions at the leaf; per action"
        + (partial ? "" : " (partial rendering off)"),
      target: partial ? 20_000 : nil,
      kind: .time(operations: childActions) {
        let host = WorkflowHost(
          workflow: ChainWorkflow(depth: chainLength - 1),
          configuration: configuration(partial: partial))
        return Scenario.Trial(
          run: { for _ in 0..<childActions { host.rendering.value.increment.send(.increment) } },
          check: { host.rendering.value.value == childActions })
      })
  }

  /// R4: a toggle that adds or removes 1,000 keyed children.
  private static let toggle = Scenario(
    id: "R4", title: "root toggling 1,000 keyed children on and off, 100 toggles; per toggle",
    target: 400_000,
    kind: .time(operations: toggles) {
      let host = WorkflowHost(workflow: ToggleWorkflow(keys: keys))
      return Scenario.Trial(
        run: { for _ in 0..<toggles { host.rendering.value.toggle.send(.toggle) } },
        check: {
          // An even number of toggles from "shown": all children back, each freshly made.
          let children = host.rendering.value.children
          return children.count == childCount && children.allSatisfy { $0.value == 0 }
        })
    })

  /// R5: building a host for R2's tree: the first render of 1,001 nodes.
  private static let hostCreation = Scenario(
    id: "R5", title: "create a host for R2's tree (1,001 nodes), 100 hosts kept alive; per host",
    target: 700_000,
    kind: .time(operations: hosts) {
      var built: [WorkflowHost<FanOutWorkflow>] = []
      built.reserveCapacity(hosts)
      return Scenario.Trial(
        run: {
          for _ in 0..<hosts { built.append(WorkflowHost(workflow: FanOutWorkflow(keys: keys))) }
        },
        check: {
          built.count == hosts && built.allSatisfy { $0.rendering.value.count == childCount }
        })
    })

  /// The heap taken by R5's tree, per node.
  private static let memoryPerNode = Scenario(
    id: "M1", title: "heap per node of R2's tree (10 hosts of 1,001 nodes); bytes per node",
    target: 1_024,
    kind: .memory {
      let built = (0..<10).map { _ in WorkflowHost(workflow: FanOutWorkflow(keys: keys)) }
      return Scenario.Build(
        keepAlive: built, nodes: built.count * (childCount + 1),
        isCorrect: built.allSatisfy { $0.rendering.value.count == childCount })
    })

  private static func configuration(partial: Bool) -> RuntimeConfiguration {
    RuntimeConfiguration(isPartialRenderingEnabled: partial)
  }
}

// MARK: Workflows

/// R1's workflow: a counter whose rendering is its value and a sink that increments it.
///
/// Snapshottable for P1 and P2; that costs the other rows nothing.
struct CounterWorkflow: SnapshottableWorkflow, Equatable {
  typealias State = Int

  struct Rendering {
    let value: Int
    let increment: Sink<Increment>
  }

  enum Increment: WorkflowAction {
    typealias WorkflowType = CounterWorkflow
    case increment

    func apply(toState state: inout Int, context: ApplyContext<CounterWorkflow>) -> Never? {
      state += 1
      return nil
    }
  }

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<CounterWorkflow>) -> Rendering {
    Rendering(value: state, increment: context.makeSink(of: Increment.self))
  }
}

/// R2's root: renders one counter per key.
struct FanOutWorkflow: Workflow {
  typealias State = Void
  let keys: [String]

  func render(state: Void, context: RenderContext<FanOutWorkflow>) -> [CounterWorkflow.Rendering] {
    keys.map { CounterWorkflow().rendered(in: context, key: $0) }
  }
}

/// R3's links: each renders the next, the last renders a counter.
struct ChainWorkflow: Workflow, Equatable {
  typealias State = Void
  let depth: Int

  func render(state: Void, context: RenderContext<ChainWorkflow>) -> CounterWorkflow.Rendering {
    depth == 0
      ? CounterWorkflow().rendered(in: context)
      : ChainWorkflow(depth: depth - 1).rendered(in: context)
  }
}

/// R4's root: shows its counters or none.
struct ToggleWorkflow: Workflow {
  typealias State = Bool
  let keys: [String]

  struct Rendering {
    let children: [CounterWorkflow.Rendering]
    let toggle: Sink<Toggle>
  }

  enum Toggle: WorkflowAction {
    typealias WorkflowType = ToggleWorkflow
    case toggle

    func apply(toState state: inout Bool, context: ApplyContext<ToggleWorkflow>) -> Never? {
      state.toggle()
      return nil
    }
  }

  func makeInitialState() -> Bool { true }

  func render(state: Bool, context: RenderContext<ToggleWorkflow>) -> Rendering {
    Rendering(
      children: state ? keys.map { CounterWorkflow().rendered(in: context, key: $0) } : [],
      toggle: context.makeSink(of: Toggle.self))
  }
}
