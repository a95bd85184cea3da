// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite(.timeLimit(.minutes(10))) struct SideEffectTests {
  @Test func sideEffectStartsOnceAndEndsWhenNotRendered() {
    let log = Recorder<String>()
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        if state < 2 {
          context.runSideEffect(key: "effect") { lifetime in
            log.record("start")
            lifetime.observeEnded { log.record("end") }
          }
        }
      })
    host.rendering.value.bump()
    #expect(log.events == ["start"])
    host.rendering.value.bump()
    #expect(log.events == ["start", "end"])
  }

  @Test func sideEffectMaySendAsSoonAsItStarts() {
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        let sink = context.makeSink(of: AnyWorkflowAction<Scripted>.self)
        context.runSideEffect(key: "bump") { _ in
          sink.send(
            AnyWorkflowAction {
              $0 += 10; return nil
            })
        }
      })
    #expect(host.rendering.value.state == 10)
  }

  @Test func sideEffectUnderANewKeyRestarts() {
    let log = Recorder<String>()
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        context.runSideEffect(key: "run \(state)") { lifetime in
          log.record("start \(state)")
          lifetime.observeEnded { log.record("end \(state)") }
        }
      })
    host.rendering.value.bump()
    #expect(log.events == ["start 0", "end 0", "start 1"])
  }

  @Test func asyncSideEffectRunsOnTheMainActor() async {
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        let sink = context.makeSink(of: AnyWorkflowAction<Scripted>.self)
        context.runSideEffect(key: "load") {
          await Task.yield()
          MainActor.assertIsolated()
          sink.send(
            AnyWorkflowAction {
              $0 = 42; return nil
            })
        }
      })
    await waitUntil { host.rendering.value.state == 42 }
    #expect(host.rendering.value.state == 42)
  }

  @Test func asyncSideEffectIsCancelledWhenNotRendered() async {
    let log = Recorder<String>()
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        if state == 0 {
          context.runSideEffect(key: "wait") {
            log.record("started")
            await withTaskCancellationHandler {
              try? await Task.sleep(for: .seconds(60))
            } onCancel: {
              log.record("cancelled")
            }
          }
        }
      })
    await waitUntil { log.events == ["started"] }
    host.rendering.value.bump()
    await waitUntil { log.events.count == 2 }
    #expect(log.events == ["started", "cancelled"])
  }

  @Test func sideEffectsEndWhenTheHostGoesAway() {
    let log = Recorder<String>()
    var host: WorkflowHost<Scripted>? = WorkflowHost(
      workflow: Scripted { _, context in
        context.runSideEffect(key: "effect") { lifetime in
          lifetime.observeEnded { log.record("end") }
        }
      })
    _ = host
    host = nil
    #expect(log.events == ["end"])
  }
}
