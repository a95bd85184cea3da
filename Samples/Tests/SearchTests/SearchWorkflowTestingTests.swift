// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@testable import Search

@MainActor
@Suite struct SearchWorkflowTestingTests {
  private let words = ["cat", "catalogue", "dog", "scatter"]

  @Test func pendingQueryRunsItsWorkerAndTakesTheResults() {
    let scheduler = TestScheduler()
    var searching = SearchWorkflow.State()
    searching.query = "cat"
    var expected = searching
    expected.results = ["cat", "catalogue", "scatter"]
    expected.resultsQuery = "cat"
    expected.matchCount = 12
    expected.searchCount = 1
    SearchWorkflow(words: words, debounce: .milliseconds(300), scheduler: scheduler)
      .renderTester(initialState: searching)
      .expectWorker(
        SearchWorker(
          query: "cat", words: words, interval: .milliseconds(300), scheduler: scheduler),
        mockingOutput: SearchWorker.Results(
          query: "cat", words: ["cat", "catalogue", "scatter"], count: 12)
      )
      .render { screen in
        #expect(screen.isSearching)
        #expect(screen.query == "cat")
      }
      .assert(state: expected)
  }

  @Test func idleSearchRunsNoWorkerAndTypingChangesTheQuery() {
    SearchWorkflow(words: words, debounce: .milliseconds(300), scheduler: TestScheduler())
      .renderTester()
      .render { screen in
        #expect(!screen.isSearching)
        screen.onAppend("d")
      }
      .assertStateModifications { $0.query = "d" }
  }

  @Test func hostDebouncesTheQueryOnVirtualTime() async {
    let tester = WorkflowHostTester {
      SearchWorkflow(words: words, debounce: .milliseconds(300), scheduler: $0)
    }
    tester.send { $0.onQuery("dog") }
    #expect(await tester.awaitNextRendering()?.isSearching == true)
    tester.advance(by: .milliseconds(300))
    let found = await tester.awaitNextRendering(where: { !$0.isSearching })
    #expect(found?.results == ["dog"])
    tester.finish()
  }
}
