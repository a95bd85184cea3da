// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import Split
import Testing
import Workflow

@MainActor
@Suite struct SplitRenderCountTests {
  @Test func aMessageAloneReusesBothPanes() {
    let totals = RenderScenario(workflow: SplitWorkflow()).run([
      "select 3",
      "next",
      "star",
      "prev",
      // An unknown planet only sets the parent's message; both panes are reused.
      "select pluto",
      "select 2",
      // Selecting the planet already shown changes nothing, so nothing renders.
      "select 2",
    ])
    RenderCounts.expect(totals, equal: .init(passes: 7, freshRenders: 19, reusedRenders: 2))
  }
}
