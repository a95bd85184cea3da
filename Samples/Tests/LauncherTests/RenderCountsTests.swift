// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import Split
import Testing
import Workflow

/// The render-count helpers that every sample's render-count test relies on.
@MainActor
@Suite struct RenderCountsTests {
  private let expected = WorkflowTracer.Totals(passes: 4, freshRenders: 10, reusedRenders: 6)

  @Test func sameCountsPass() {
    #expect(RenderCounts.mismatch(actual: expected, expected: expected, file: "F.swift") == nil)
  }

  @Test func morePassesOrFreshRendersAreAFailure() {
    var actual = WorkflowTracer.Totals(passes: 5, freshRenders: 10, reusedRenders: 6)
    #expect(
      RenderCounts.mismatch(actual: actual, expected: expected, file: "F.swift")
        == "renders more than expected: passes: 5, fresh: 10, reused: 6 instead of passes: 4, "
        + "fresh: 10, reused: 6")
    actual = WorkflowTracer.Totals(passes: 4, freshRenders: 11, reusedRenders: 5)
    #expect(
      RenderCounts.mismatch(actual: actual, expected: expected, file: "F.swift")?
        .hasPrefix("renders more than expected:") == true)
  }

  @Test func fewerRendersAskForTheNewCounts() {
    let actual = WorkflowTracer.Totals(passes: 4, freshRenders: 8, reusedRenders: 8)
    #expect(
      RenderCounts.mismatch(actual: actual, expected: expected, file: "/t/FooTests.swift")
        == "renders fewer than expected: update the expected counts in /t/FooTests.swift to "
        + "passes: 4, fresh: 8, reused: 8")
  }

  @Test func expectRecordsTheMismatchAsAnIssue() {
    let more = WorkflowTracer.Totals(passes: 5, freshRenders: 10, reusedRenders: 6)
    withKnownIssue {
      RenderCounts.expect(more, equal: expected)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("renders more than expected") }
    }
    let fewer = WorkflowTracer.Totals(passes: 3, freshRenders: 10, reusedRenders: 6)
    withKnownIssue {
      RenderCounts.expect(fewer, equal: expected)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("RenderCountsTests.swift to passes: 3") }
    }
  }

  @Test func scenarioCountsTheInitialRenderAndEachStep() {
    let totals = RenderScenario(workflow: SplitWorkflow()).run(["next"])
    #expect(totals == .init(passes: 2, freshRenders: 6, reusedRenders: 0))
  }

  @Test func scenarioFlagsACommandTheScreenDoesNotOffer() {
    withKnownIssue {
      _ = RenderScenario(workflow: SplitWorkflow()).run(["fly away"])
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("has no command for 'fly away'") }
    }
    withKnownIssue {
      _ = RenderScenario(workflow: SplitWorkflow()).run(["select"])
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("'select' was refused") }
    }
  }
}
