// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// The sink targets a node hands out, one per action type, reused render after render.
@MainActor
@Suite struct SinkTargetTests {
  /// Renders three sinks, one per action type, and counts what each applied.
  struct ThreeKinds: Workflow {
    struct State: Equatable {
      var adds = 0
      var removes = 0
      var resets = 0
    }

    struct Add: WorkflowAction {
      typealias WorkflowType = ThreeKinds
      func apply(toState state: inout State, context: ApplyContext<ThreeKinds>) -> Never? {
        state.adds += 1
        return nil
      }
    }

    struct Remove: WorkflowAction {
      typealias WorkflowType = ThreeKinds
      func apply(toState state: inout State, context: ApplyContext<ThreeKinds>) -> Never? {
        state.removes += 1
        return nil
      }
    }

    struct Reset: WorkflowAction {
      typealias WorkflowType = ThreeKinds
      func apply(toState state: inout State, context: ApplyContext<ThreeKinds>) -> Never? {
        state.resets += 1
        return nil
      }
    }

    struct Rendering {
      var state: State
      var add: Sink<Add>
      var remove: Sink<Remove>
      var reset: Sink<Reset>
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<ThreeKinds>) -> Rendering {
      Rendering(
        state: state, add: context.makeSink(of: Add.self),
        remove: context.makeSink(of: Remove.self),
        reset: context.makeSink(of: Reset.self))
    }
  }

  /// Shows `ThreeKinds` as a child while its state is true.
  struct Toggle: Workflow {
    var isShown: Bool

    func render(state: Void, context: RenderContext<Toggle>) -> ThreeKinds.Rendering? {
      isShown ? ThreeKinds().rendered(in: context) : nil
    }
  }

  @Test func eachActionTypeReachesTheNodeThroughItsOwnSink() {
    let host = WorkflowHost(workflow: ThreeKinds())
    host.rendering.value.add.send(Add())
    host.rendering.value.add.send(Add())
    host.rendering.value.remove.send(Remove())
    host.rendering.value.reset.send(Reset())
    #expect(host.rendering.value.state == .init(adds: 2, removes: 1, resets: 1))
  }

  @Test func sinksOfEarlierRendersStillReachTheNodeForEveryActionType() {
    let host = WorkflowHost(workflow: ThreeKinds())
    let first = host.rendering.value
    first.add.send(Add())
    first.remove.send(Remove())
    first.reset.send(Reset())
    first.reset.send(Reset())
    #expect(host.rendering.value.state == .init(adds: 1, removes: 1, resets: 2))
  }

  @Test func everySinkOfARemovedNodeFallsSilent() {
    let host = WorkflowHost(workflow: Toggle(isShown: true))
    let removed = host.rendering.value!
    host.update(workflow: Toggle(isShown: false))
    removed.add.send(Add())
    removed.remove.send(Remove())
    removed.reset.send(Reset())
    host.update(workflow: Toggle(isShown: true))
    #expect(host.rendering.value?.state == .init())
  }
}

private typealias Add = SinkTargetTests.ThreeKinds.Add
private typealias Remove = SinkTargetTests.ThreeKinds.Remove
private typealias Reset = SinkTargetTests.ThreeKinds.Reset
