// SPDX-License-Identifier: Apache-2.0

import Foundation
import Launcher
import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import Todo
import Workflow
import WorkflowReactive

@MainActor
@Suite struct LauncherSnapshotTests {
  let scheduler = TestScheduler()

  private var workflow: LauncherWorkflow {
    LauncherWorkflow(
      environment: SampleEnvironment(
        scheduler: scheduler, stateDirectory: URL(fileURLWithPath: "/nonexistent")))
  }

  @Test func runningAppIsRestoredDownToItsOpenEditor() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("open todo")
    host.rendering.value.run("add buy milk")
    host.rendering.value.run("edit 1")
    host.rendering.value.run("rename buy bread")
    let restored = try SnapshotRoundTrip(of: host, restoringInto: workflow)
    #expect(restored.skipped.isEmpty)
    #expect(
      restored.snapshot.root.deepestSavedPath == [
        "LauncherWorkflow", "TodoWorkflow", "TodoEditorWorkflow",
      ])
    #expect(restored.host.rendering.value.text == host.rendering.value.text)
    #expect(restored.host.rendering.value.commandNames.last == "menu")
    restored.host.rendering.value.run("save")
    #expect(restored.host.rendering.value.text.contains("1. [ ] buy bread"))
  }

  @Test func restoredTimersKeepTicking() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("open timers")
    host.rendering.value.run("start eggs")
    scheduler.advance(by: .seconds(2))
    let restored = try SnapshotRoundTrip(of: host, restoringInto: workflow).host
    withExtendedLifetime(host) {}
    #expect(restored.rendering.value.text.contains("eggs: 6:58 (running)"))
    scheduler.advance(by: .seconds(1))
    #expect(restored.rendering.value.text.contains("eggs: 6:57 (running)"))
  }

  @Test func unknownAppInTheSnapshotFallsBackToTheMenu() {
    let snapshot = WorkflowSnapshot(
      root: .init(
        workflowType: String(reflecting: LauncherWorkflow.self), key: "",
        state: Data(#"{"running":{"_0":"chess"}}"#.utf8), children: []))
    let recorder = SkipRecorder()
    let host = WorkflowHost(workflow: workflow, restoringFrom: snapshot, observers: [recorder])
    #expect(recorder.reasons.count == 1)
    #expect(host.rendering.value.title == "Workflow samples")
  }
}
