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
      thousandChildren(partial: false), chain(partial: false), memoryPerNode, traced,
      withHistory, snapshot, restore,
    ]
  }

  private static let actions = 100_000
  private static let childActions = 1_000
  private static let childCount = 1_000
  private static let chainLength = 99
  private static let toggles = 100
  private static let hosts = 100
  /// Child keys, built once outside every timed loop.
  private static let keys = (0..<childCount).map(String.init)

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

  /// T1: R2 with a ``WorkflowTracer`` attached: what tracing every pass costs.
  private static let traced = Scenario(
    id: "T1", title: "R2 with a WorkflowTracer attached (1,001 nodes traced per pass); per action",
    target: nil,
    kind: .time(operations: childActions) {
      let tracer = WorkflowTracer(capacity: 10)
      let host = WorkflowHost(workflow: FanOutWorkflow(keys: keys), observers: [tracer])
      return Scenario.Trial(
        run: {
          for index in 0..<childActions {
            host.rendering.value[index % childCount].increment.send(.increment)
          }
        },
        check: { tracer.totals.passes == childActions + 1 })
    })

  /// H1: R1 with a history: a snapshot of the (one-node) tree per action.
  private static let withHistory = Scenario(
    id: "H1", title: "R1 with a history of 100 steps (one snapshot per action); per action",
    target: nil,
    kind: .time(operations: childActions * 10) {
      let host = WorkflowHost(
        workflow: CounterWorkflow(), configuration: RuntimeConfiguration(historyLimit: 100))
      return Scenario.Trial(
        run: {
          for _ in 0..<childActions * 10 { host.rendering.value.increment.send(.increment) }
        },
        check: { host.rendering.value.value == childActions * 10 && host.history.count == 100 })
    })

  /// P1: a snapshot of R2's tree, every node snapshottable.
  private static let snapshot = Scenario(
    id: "P1", title: "snapshot of R2's tree (1,001 nodes, 1,000 with state); per snapshot",
    target: nil,
    kind: .time(operations: toggles) {
      let host = WorkflowHost(workflow: FanOutWorkflow(keys: keys))
      var taken: [WorkflowSnapshot] = []
      return Scenario.Trial(
        run: { for _ in 0..<toggles { taken.append(snapshot(of: host)) } },
        check: { taken.count == toggles && taken[0].root.children.count == childCount })
    })

  /// P2: a host for R2's tree restored from P1's snapshot.
  private static let restore = Scenario(
    id: "P2", title: "create a host for R2's tree restoring all 1,000 states; per host",
    target: nil,
    kind: .time(operations: toggles) {
      let source = WorkflowHost(workflow: FanOutWorkflow(keys: keys))
      source.rendering.value[7].increment.send(.increment)
      let saved = snapshot(of: source)
      var built: [WorkflowHost<FanOutWorkflow>] = []
      built.reserveCapacity(toggles)
      return Scenario.Trial(
        run: {
          for _ in 0..<toggles {
            built.append(WorkflowHost(workflow: FanOutWorkflow(keys: keys), restoringFrom: saved))
          }
        },
        check: { built.allSatisfy { $0.rendering.value[7].value == 1 } })
    })

  /// The host's snapshot; the counters' states always encode, so a failure is a bug.
  private static func snapshot(of host: WorkflowHost<FanOutWorkflow>) -> WorkflowSnapshot {
    do {
      return try host.snapshot()
    } catch {
      fail("P1/P2: the snapshot of R2's tree failed: \(error)")
    }
  }

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
