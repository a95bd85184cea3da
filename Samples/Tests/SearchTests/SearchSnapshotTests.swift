// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleTestSupport
import Search
import TerminalUI
import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct SearchSnapshotTests {
  let scheduler = TestScheduler()
  let words = ["apple", "apply", "maple", "banana", "grape", "ape"]

  private var workflow: SearchWorkflow {
    SearchWorkflow(words: words, debounce: .milliseconds(300), scheduler: scheduler)
  }

  @Test func queryAndResultsAreRestored() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("find ap")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("+ p")
    scheduler.advance(by: .seconds(1))
    let restored = try SnapshotRoundTrip(of: host, restoringInto: workflow)
    #expect(restored.skipped.isEmpty)
    #expect(restored.snapshot.root.deepestSavedPath == ["SearchWorkflow"])
    #expect(restored.host.rendering.value.text == host.rendering.value.text)
    #expect(restored.host.rendering.value.results == ["apple", "apply"])
  }

  @Test func pendingSearchRunsAgainAfterTheRestore() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("find gra")
    let restored = try SnapshotRoundTrip(of: host, restoringInto: workflow).host
    #expect(restored.rendering.value.text == host.rendering.value.text)
    #expect(restored.rendering.value.isSearching)
    scheduler.advance(by: .milliseconds(300))
    #expect(restored.rendering.value.results == ["grape"])
  }
}
