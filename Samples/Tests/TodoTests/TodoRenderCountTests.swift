// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import Testing
import Todo
import Workflow

@MainActor
@Suite struct TodoRenderCountTests {
  /// One pass per step plus the initial one; the list renders in each, a row only when it is
  /// new or its todo or number changed, the editor when its draft changed.
  @Test func unchangedRowsReuseTheirRenderings() {
    let totals = RenderScenario(workflow: TodoWorkflow()).run([
      "add buy milk",
      "add call mum",
      "add walk the dog",
      // Only row 2 changes; rows 1 and 3 reuse their renderings.
      "done 2",
      "edit 1",
      // The draft changes in the editor; the list re-renders and every row is reused.
      "rename buy oat milk",
      "save",
      // Deleting the last row renumbers nothing; rows 1 and 2 are reused.
      "delete 3",
    ])
    RenderCounts.expect(totals, equal: .init(passes: 9, freshRenders: 16, reusedRenders: 15))
  }

  /// A bad number is the command's reply: no action, so no render pass at all.
  @Test func aBadNumberRendersNothing() {
    let totals = RenderScenario(workflow: TodoWorkflow()).run([
      "add buy milk",
      .refused("done 9"),
    ])
    RenderCounts.expect(totals, equal: .init(passes: 2, freshRenders: 3, reusedRenders: 0))
  }
}
