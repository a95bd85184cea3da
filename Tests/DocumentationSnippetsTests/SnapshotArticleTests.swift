// SPDX-License-Identifier: Apache-2.0

// Runs the code of the "Snapshots, tracing and time travel" article.

import Foundation
import Testing
import Workflow

@MainActor
@Suite struct SnapshotArticleTests {
  @Test func theSavedListComesBack() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("shopping-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(try saveAndRestore(file: file) == ["bread"])
  }

  @Test func undoRemovesTheLastItem() {
    #expect(undoTheLastItem() == ["bread"])
  }

  @Test func theAutosaveWritesTheHistorysSnapshotOfEachStep() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("autosave-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let (lastSaved, steps) = autosave(to: file)
    #expect(steps.count == 3)
    #expect(try lastSaved == steps.last?.snapshot)
    #expect(try WorkflowSnapshot(jsonData: Data(contentsOf: file)) == lastSaved)
  }

  @Test func theTraceCountsThePasses() {
    #expect(traceASession() == WorkflowTracer.Totals(passes: 2, freshRenders: 2, reusedRenders: 0))
  }

  @Test func aPassPrintsAsTheArticleShows() {
    let tracer = WorkflowTracer()
    let host = WorkflowHost(workflow: ShoppingListWorkflow(), observers: [tracer])
    host.rendering.value.actions.send(.add("eggs"))
    #expect(
      tracer.passes.last?.description == """
        #2 action at ShoppingListWorkflow
          action add("eggs") at ShoppingListWorkflow
            items[0]: (none) -> "eggs"
          rendered 1: ShoppingListWorkflow
        """)
  }

  @Test func theReporterIsTheObserverThatHearsAboutSkippedEntries() throws {
    var snapshot = try WorkflowHost(workflow: ShoppingListWorkflow()).snapshot()
    snapshot.root.state = Data(#"{"items":"not a list"}"#.utf8)
    let reporter = RestoreReporter()
    let host = WorkflowHost(
      workflow: ShoppingListWorkflow(), restoringFrom: snapshot, observers: [reporter])
    #expect(host.rendering.value.items.isEmpty)
  }
}
