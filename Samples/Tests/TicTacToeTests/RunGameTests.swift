// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import TerminalUI
import Testing
import TicTacToe
import Workflow

@MainActor
@Suite struct RunGameTests {
  @Test func namesThenStartShowsTheGame() {
    let host = WorkflowHost(workflow: RunGameWorkflow(email: "a@b.c"))
    host.rendering.value.run("names Ann Bob")
    #expect(host.rendering.value.text.contains("X: Ann"))
    host.rendering.value.run("start")
    #expect(host.rendering.value.title == "Ann (X) vs Bob (O)")
  }

  @Test func leavingAnUnfinishedGameAsksInAModal() {
    let host = WorkflowHost(workflow: RunGameWorkflow(email: "a@b.c"))
    host.rendering.value.run("start")
    host.rendering.value.run("play 5")
    host.rendering.value.run("leave")
    let modal = try! #require(host.rendering.value as? ModalScreen)
    #expect(modal.title == "Quit the game?")
    #expect(modal.commandNames == ["yes", "no"])
    modal.run("no")
    let game = try! #require(host.rendering.value as? GameScreen)
    #expect(game.board.squares[4] == .x)
    game.run("leave")
    host.rendering.value.run("yes")
    #expect(host.rendering.value is NewGameScreen)
  }

  @Test func leavingAnEmptyBoardNeedsNoConfirmation() {
    let host = WorkflowHost(workflow: RunGameWorkflow(email: "a@b.c"))
    host.rendering.value.run("start")
    host.rendering.value.run("leave")
    #expect(host.rendering.value is NewGameScreen)
  }

  @Test func logoutIsTheOutput() {
    let host = WorkflowHost(workflow: RunGameWorkflow(email: "a@b.c"))
    var outputs: [RunGameWorkflow.Output] = []
    host.output.observeValues { outputs.append($0) }
    host.rendering.value.run("logout")
    #expect(outputs == [.signOut])
  }
}
