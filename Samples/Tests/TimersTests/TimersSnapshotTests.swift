// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import Timers
import Workflow
import WorkflowReactive

@MainActor
@Suite struct TimersSnapshotTests {
  let scheduler = TestScheduler()

  private var workflow: TimersWorkflow {
    TimersWorkflow(
      environment: SampleEnvironment(
        scheduler: scheduler, stateDirectory: URL(fileURLWithPath: "/nonexistent")))
  }

  private func lines(_ host: WorkflowHost<TimersWorkflow>) -> [String] {
    host.rendering.value.rows.map(\.line)
  }

  @Test func listAndEachCountdownAreRestored() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("add pasta 540")
    host.rendering.value.run("remove eggs")
    host.rendering.value.run("start tea")
    host.rendering.value.run("start pasta")
    scheduler.advance(by: .seconds(5))
    host.rendering.value.run("pause tea")
    let restored = try SnapshotRoundTrip(of: host, restoringInto: workflow)
    #expect(restored.skipped.isEmpty)
    #expect(restored.snapshot.root.deepestSavedPath == ["TimersWorkflow", "CountdownWorkflow"])
    #expect(restored.host.rendering.value.text == host.rendering.value.text)
    #expect(lines(restored.host) == ["tea: 2:55 (paused)", "pasta: 8:55 (running)"])
  }

  @Test func restoredRunningCountdownTicksAFullSecondAfterTheRestore() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("start tea")
    scheduler.advance(by: .milliseconds(2500))
    #expect(lines(host)[0] == "tea: 2:58 (running)")
    let restored = try SnapshotRoundTrip(of: host, restoringInto: workflow).host
    withExtendedLifetime(host) {}
    // The half second under way when the snapshot was taken starts over.
    scheduler.advance(by: .milliseconds(900))
    #expect(lines(restored)[0] == "tea: 2:58 (running)")
    scheduler.advance(by: .milliseconds(100))
    #expect(lines(restored)[0] == "tea: 2:57 (running)")
  }

  @Test func countdownThatNoLongerDecodesStartsFull() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("start tea")
    scheduler.advance(by: .seconds(3))
    var snapshot = try host.snapshot()
    snapshot.root.children[0].state = Data(#"{"remaining":"soon"}"#.utf8)
    let recorder = SkipRecorder()
    let restored = WorkflowHost(workflow: workflow, restoringFrom: snapshot, observers: [recorder])
    #expect(recorder.reasons.count == 1)
    #expect(lines(restored) == ["tea: 3:00 (paused)", "eggs: 7:00 (paused)"])
  }
}
