// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import Split
import Testing
import Workflow

@MainActor
@Suite struct SplitRenderCountTests {
  @Test func onlyWhatChangedRenders() {
    let totals = RenderScenario(workflow: SplitWorkflow()).run([
      "select 3",
      "next",
      "star",
      "prev",
      // An unknown planet is the command's reply: no action, nothing renders.
      .refused("select pluto"),
      "select 2",
      // Selecting the planet already shown changes nothing, so nothing renders.
      "select 2",
    ])
    RenderCounts.expect(totals, equal: .init(passes: 6, freshRenders: 18, reusedRenders: 0))
  }
}
