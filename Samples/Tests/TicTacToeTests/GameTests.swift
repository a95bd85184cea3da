// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import TerminalUI
import Testing
import TicTacToe
import Workflow

@MainActor
@Suite struct GameTests {
  private func makeHost() -> (WorkflowHost<TakeTurnsWorkflow>, () -> [TakeTurnsWorkflow.Output]) {
    let host = WorkflowHost(workflow: TakeTurnsWorkflow(playerX: "Ann", playerO: "Bob"))
    var outputs: [TakeTurnsWorkflow.Output] = []
    host.output.observeValues { outputs.append($0) }
    return (host, { outputs })
  }

  private func play(_ host: WorkflowHost<TakeTurnsWorkflow>, _ squares: Int...) {
    for square in squares { host.rendering.value.onPlay(square) }
  }

  @Test func playersTakeTurns() {
    let (host, _) = makeHost()
    #expect(host.rendering.value.turn == .x)
    play(host, 5)
    #expect(host.rendering.value.turn == .o)
    #expect(host.rendering.value.board.squares[4] == .x)
  }

  @Test func takenSquareIsRefusedAndTheTurnStays() {
    let (host, _) = makeHost()
    play(host, 5)
    #expect(host.rendering.value.run("play 5") == .refused("Square 5 is taken; pick another."))
    #expect(host.rendering.value.turn == .o)
    // A move sent anyway changes nothing.
    play(host, 5)
    #expect(host.rendering.value.turn == .o)
    #expect(!host.rendering.value.text.contains("taken"))
  }

  @Test(arguments: ["12", "0", "-1", "-9223372036854775808", "9223372036854775807"])
  func squareOffTheBoardIsRefused(square: String) {
    let (host, _) = makeHost()
    #expect(
      host.rendering.value.run("play \(square)") == .refused("Square must be between 1 and 9."))
    #expect(host.rendering.value.board == Board())
  }

  @Test func nonNumericSquareIsAUsageError() {
    let (host, _) = makeHost()
    #expect(host.rendering.value.run("play x") == .usageError("invalid <square>: 'x' (1 to 9)"))
  }

  @Test func threeInARowWinsAndCounts() {
    let (host, _) = makeHost()
    play(host, 1, 4, 2, 5, 3)
    let screen = host.rendering.value
    #expect(screen.winner == .x)
    #expect(screen.score.x == 1)
    #expect(screen.text.contains("Ann (X) wins!"))
    #expect(
      host.rendering.value.run("play 9")
        == .refused("The game is over; type 'again' for another."))
    #expect(host.rendering.value.board.squares[8] == nil)
  }

  @Test func fullBoardIsADraw() {
    let (host, _) = makeHost()
    play(host, 1, 2, 3, 5, 4, 6, 8, 7, 9)
    #expect(host.rendering.value.isDraw)
    #expect(host.rendering.value.score.draws == 1)
  }

  @Test func playAgainClearsTheBoardAndSwapsWhoStarts() {
    let (host, _) = makeHost()
    #expect(host.rendering.value.run("again") == .refused("Finish this game first (or leave it)."))
    play(host, 1)
    host.rendering.value.onPlayAgain()
    #expect(host.rendering.value.board.squares[0] == .x)
    play(host, 4, 2, 5, 3)
    host.rendering.value.onPlayAgain()
    #expect(host.rendering.value.board == Board())
    #expect(host.rendering.value.turn == .o)
    #expect(host.rendering.value.score.x == 1)
  }

  @Test func leavingTellsWhetherAGameWasInProgress() {
    let (host, outputs) = makeHost()
    host.rendering.value.onQuit()
    play(host, 1)
    host.rendering.value.onQuit()
    #expect(outputs() == [.quit(isGameInProgress: false), .quit(isGameInProgress: true)])
  }
}
