// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import SampleTestSupport
import Testing
import TicTacToe
import Workflow
import WorkflowReactive

@MainActor
@Suite struct TicTacToeRenderCountTests {
  @Test func signInPlayAndAskBeforeLeaving() {
    let scheduler = TestScheduler()
    let workflow = TicTacToeWorkflow(
      environment: SampleEnvironment(
        scheduler: scheduler, stateDirectory: URL(fileURLWithPath: "/nonexistent")))
    let totals = RenderScenario(workflow: workflow, screen: { $0 }).run([
      "login secure@example.com password",
      .perform("the check answers") { scheduler.advance(by: .seconds(1)) },
      "code 1234",
      .perform("the check answers") { scheduler.advance(by: .seconds(1)) },
      "names Ann Bob",
      "start",
      "play 1",
      // A refused move is the command's reply: no action, nothing renders.
      .refused("play 1"),
      "play 5",
      // The quit question and the answers render over the game, which did not change and is
      // reused each time.
      "leave",
      "no",
      "leave",
      "yes",
    ])
    RenderCounts.expect(totals, equal: .init(passes: 13, freshRenders: 31, reusedRenders: 3))
  }
}
