// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import Search
import Testing
import Workflow
import WorkflowReactive

@MainActor
@Suite struct SearchRenderCountTests {
  @Test func typingRendersOncePerChangeAndAStaleSearchNever() {
    let scheduler = TestScheduler()
    let workflow = SearchWorkflow(
      words: ["apple", "apply", "maple", "banana", "grape", "ape"], debounce: .milliseconds(300),
      scheduler: scheduler)
    // The search node renders in every pass, and its worker in each pass that has a query
    // without results: 8 passes, 4 of them with a worker.
    let totals = RenderScenario(workflow: workflow).run([
      "find a",
      "+ p",
      // Typing within the quiet interval cancels the search for "ap"; it never renders.
      .perform("less than the interval") { scheduler.advance(by: .milliseconds(200)) },
      "+ p",
      .perform("the interval") { scheduler.advance(by: .milliseconds(300)) },
      "-",
      .perform("the interval") { scheduler.advance(by: .milliseconds(300)) },
      "clear",
      // Deleting from an empty query changes nothing, so nothing renders.
      "-",
    ])
    RenderCounts.expect(totals, equal: .init(passes: 8, freshRenders: 12, reusedRenders: 0))
  }
}
