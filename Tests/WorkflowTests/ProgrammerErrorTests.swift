// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// Collects the programmer errors reported within ``ProgrammerError/reporting(to:_:)``.
private final class ReportedErrors: Sendable {
  private let errors = Locked<[ProgrammerError]>([])

  var all: [ProgrammerError] { errors.withLock { $0 } }
  var kinds: [ProgrammerError.Kind] { all.map(\.kind) }

  @MainActor func collect<Result>(_ body: () throws -> Result) rethrows -> Result {
    try ProgrammerError.reporting(to: { error in self.errors.withLock { $0.append(error) } }, body)
  }
}

/// Each trap of the runtime rules, reported instead within `ProgrammerError.reporting(to:_:)`,
/// with the recovery its kind promises; outside that scope each still traps (see ChildTests and
/// HistoryTests for the messages).
@MainActor @Suite struct ProgrammerErrorTests {
  @Test func aDuplicateChildKeyIsReportedAndAnsweredByTheFirstChild() {
    let errors = ReportedErrors()
    var renderings: [Int] = []
    let host = errors.collect {
      WorkflowHost(
        workflow: Scripted { _, context in
          let first = Counter(initial: 1).rendered(in: context, key: "same", outputMap: ignore)
          let second = Counter(initial: 2).rendered(in: context, key: "same", outputMap: ignore)
          renderings = [first.count, second.count]
        })
    }
    #expect(errors.kinds == [.duplicateChildKey])
    #expect(
      errors.all.first?.message.contains(
        "Scripted rendered two children of type Counter with key \"same\" in one render") == true)
    #expect(renderings == [1, 1])
    #expect(host.debugTree().children.map(\.key) == ["same"])
  }

  @Test func aDuplicateSideEffectKeyIsReportedAndTheSecondIsDropped() {
    let errors = ReportedErrors()
    var started: [String] = []
    let host = errors.collect {
      WorkflowHost(
        workflow: Scripted { _, context in
          context.runSideEffect(key: "once") { _ in started.append("first") }
          context.runSideEffect(key: "once") { _ in started.append("second") }
        })
    }
    #expect(errors.kinds == [.duplicateSideEffectKey])
    #expect(errors.all.first?.message.contains("give each side effect a unique key") == true)
    #expect(started == ["first"])
    #expect(host.runningWork().count == 1)
  }

  @Test func aSendDuringRenderIsReportedAndDropped() {
    let errors = ReportedErrors()
    let host = errors.collect {
      WorkflowHost(
        workflow: Scripted { state, context in
          if state == 1 { context.makeSink(of: AnyWorkflowAction<Scripted>.self).send(.noAction) }
        })
    }
    errors.collect { host.rendering.value.bump() }
    #expect(errors.kinds == [.sendDuringRender])
    #expect(
      errors.all.first?.message.contains(
        "Scripted sent an action (AnyWorkflowAction<Scripted>) during render") == true)
    #expect(host.rendering.value.state == 1)
    // The host goes on: the next send is applied as usual.
    errors.collect { host.rendering.value.bump() }
    #expect(host.rendering.value.state == 2)
  }

  @Test func aHostCallDuringRenderIsReportedAndDropped() {
    let errors = ReportedErrors()
    var host: WorkflowHost<Scripted>?
    host = errors.collect {
      WorkflowHost(
        workflow: Scripted { state, _ in
          if state == 1 { host?.update(workflow: Scripted { _, _ in }) }
        },
        configuration: RuntimeConfiguration(historyLimit: 4))
    }
    errors.collect { host?.rendering.value.bump() }
    #expect(errors.kinds == [.hostCallDuringRender])
    #expect(
      errors.all.first?.message.contains("WorkflowHost<Scripted>.update(workflow:) was called")
        == true)
    #expect(host?.rendering.value.state == 1)
  }

  @Test func aContextUsedAfterRenderIsReportedAndItsSinkStillReachesTheNode() {
    let errors = ReportedErrors()
    nonisolated(unsafe) var escaped: RenderContext<Scripted>?
    let host = errors.collect {
      WorkflowHost(workflow: Scripted { _, context in escaped = context })
    }
    let sink = errors.collect { escaped!.makeSink(of: AnyWorkflowAction<Scripted>.self) }
    #expect(errors.kinds == [.renderContextUsedAfterRender])
    #expect(
      errors.all.first?.message.contains("RenderContext<Scripted> used after its render pass")
        == true)
    errors.collect {
      sink.send(
        AnyWorkflowAction {
          $0 = 7; return nil
        })
    }
    #expect(host.rendering.value.state == 7)
  }

  @Test func aContextUsedAfterRenderRendersAChildAwayFromTheTreeAndDropsASideEffect() {
    let errors = ReportedErrors()
    nonisolated(unsafe) var escaped: RenderContext<Scripted>?
    var started = 0
    let host = errors.collect {
      WorkflowHost(workflow: Scripted { _, context in escaped = context })
    }
    let child = errors.collect {
      Counter(initial: 5).rendered(in: escaped!, key: "late", outputMap: ignore)
    }
    errors.collect { escaped!.runSideEffect(key: "late") { _ in started += 1 } }
    #expect(errors.kinds == [.renderContextUsedAfterRender, .renderContextUsedAfterRender])
    #expect(child.count == 5)
    #expect(started == 0)
    #expect(host.debugTree().children.isEmpty)
    #expect(host.runningWork().isEmpty)
    // The next render is unaffected.
    errors.collect { host.rendering.value.bump() }
    #expect(host.rendering.value.state == 1)
    #expect(errors.all.count == 2)
  }

  @Test func eachReportNamesItsKindAndMessage() {
    let error = ProgrammerError(kind: .sendDuringRender, message: "X sent an action")
    #expect(error.description == "X sent an action")
    #expect(error != ProgrammerError(kind: .duplicateChildKey, message: "X sent an action"))
  }
}
