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
@Suite struct TicTacToeHostTests {
  @Test func signInPlayAWholeGameAndSignOut() {
    let scheduler = TestScheduler()
    let environment = SampleEnvironment(
      scheduler: scheduler, stateDirectory: URL(fileURLWithPath: "/nonexistent"))
    let host = WorkflowHost(workflow: TicTacToeWorkflow(environment: environment))
    host.rendering.value.run("login secure@example.com password")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("code 1234")
    scheduler.advance(by: .seconds(1))
    #expect(host.rendering.value.text.contains("Signed in as secure@example.com."))
    host.rendering.value.run("names Ann Bob")
    host.rendering.value.run("start")
    for square in [1, 4, 2, 5, 3] { host.rendering.value.run("play \(square)") }
    #expect(host.rendering.value.text.contains("Ann (X) wins!"))
    host.rendering.value.run("leave")
    host.rendering.value.run("logout")
    #expect(host.rendering.value.title == "Sign in")
  }

  @Test func scriptedEnvironmentSignsInWithoutWaiting() {
    let clock = TestScheduler(runsDueActionsImmediately: true)
    let environment = SampleEnvironment(
      scheduler: clock, virtualClock: clock, stateDirectory: URL(fileURLWithPath: "/nonexistent"))
    let host = WorkflowHost(workflow: TicTacToeWorkflow(environment: environment))
    host.rendering.value.run("login player@example.com password")
    #expect(host.rendering.value.title == "New game")
  }
}
