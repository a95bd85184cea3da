// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import TicTacToe
import Workflow
import WorkflowReactive

@MainActor
@Suite struct TicTacToeSnapshotTests {
  let scheduler = TestScheduler()

  private var workflow: TicTacToeWorkflow {
    TicTacToeWorkflow(
      environment: SampleEnvironment(
        scheduler: scheduler, stateDirectory: URL(fileURLWithPath: "/nonexistent")))
  }

  @Test func gameUnderTheQuitQuestionIsRestoredWithBoardTurnAndScore() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("login player@example.com password")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("names Ann Bob")
    host.rendering.value.run("start")
    for square in [1, 4, 2, 5, 3] { host.rendering.value.run("play \(square)") }
    host.rendering.value.run("again")
    host.rendering.value.run("play 5")
    host.rendering.value.run("play 5")
    host.rendering.value.run("leave")
    let restored = try SnapshotRoundTrip(of: host, restoringInto: workflow)
    #expect(restored.skipped.isEmpty)
    #expect(
      restored.snapshot.root.deepestSavedPath == [
        "TicTacToeWorkflow", "RunGameWorkflow", "TakeTurnsWorkflow",
      ])
    #expect(restored.host.rendering.value.text == host.rendering.value.text)
    // Saying "no" returns to the restored board, where Ann (O this game) moves next.
    restored.host.rendering.value.run("no")
    host.rendering.value.run("no")
    #expect(restored.host.rendering.value.text == host.rendering.value.text)
    #expect(restored.host.rendering.value.text.contains("Ann (X) to move:"))
  }

  @Test func secondFactorStepIsRestored() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("login secure@example.com password")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("code 9999")
    scheduler.advance(by: .seconds(1))
    let restored = try SnapshotRoundTrip(of: host, restoringInto: workflow)
    #expect(restored.skipped.isEmpty)
    #expect(restored.host.rendering.value.text == host.rendering.value.text)
    #expect(restored.host.rendering.value.text.contains("Wrong code."))
    restored.host.rendering.value.run("code 1234")
    scheduler.advance(by: .seconds(1))
    #expect(restored.host.rendering.value.title == "New game")
  }

  @Test func passwordCheckInFlightIsSavedWithoutThePassword() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("login player@example.com hunter2")
    let json = String(decoding: try host.snapshot().jsonData(), as: UTF8.self)
    #expect(!json.contains("hunter2"))
    let restored = try SnapshotRoundTrip(of: host, restoringInto: workflow).host
    #expect(restored.rendering.value.text.contains("Last email: player@example.com"))
    #expect(
      restored.rendering.value.text.contains(
        "The sign-in was interrupted; enter the password again."))
  }

  @Test func boardWithoutNineSquaresIsSkipped() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("login player@example.com password")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("start")
    host.rendering.value.run("play 5")
    var snapshot = try host.snapshot()
    var game = snapshot.root.children[0].children[0]
    game.state = Data(#"{"board":["X"],"turn":"O","draws":0,"wins":{},"starter":"X"}"#.utf8)
    snapshot.root.children[0].children[0] = game
    let recorder = SkipRecorder()
    let restored = WorkflowHost(workflow: workflow, restoringFrom: snapshot, observers: [recorder])
    #expect(recorder.reasons.count == 1)
    #expect("\(recorder.reasons)".contains("a board has 9 squares, not 1"))
    // The game starts fresh; the steps above it keep their saved states.
    #expect(restored.rendering.value.text.contains("X (X) to move:"))
    #expect(restored.rendering.value.text.contains("5 | 6"))
  }

  @Test func scoreIsSavedByPlayerMark() throws {
    let host = WorkflowHost(workflow: workflow)
    host.rendering.value.run("login player@example.com password")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("start")
    for square in [1, 4, 2, 5, 3] { host.rendering.value.run("play \(square)") }
    let game = try host.snapshot().root.children[0].children[0]
    let state = try JSONSerialization.jsonObject(with: game.state ?? Data()) as? [String: Any]
    #expect(state?["wins"] as? [String: Int] == ["X": 1])
  }
}
