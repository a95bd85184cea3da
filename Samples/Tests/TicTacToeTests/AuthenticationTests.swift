// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import TerminalUI
import Testing
import TicTacToe
import Workflow
import WorkflowReactive

@MainActor
@Suite struct AuthenticationTests {
  let scheduler = TestScheduler()

  private func makeHost() -> (WorkflowHost<AuthenticationWorkflow>, () -> [String]) {
    let host = WorkflowHost(
      workflow: AuthenticationWorkflow(delay: .seconds(1), scheduler: scheduler))
    var sessions: [String] = []
    host.output.observeValues { sessions.append($0.email + " " + $0.token) }
    return (host, { sessions })
  }

  @Test func serviceAnswersEachKindOfAccount() {
    let service = AuthenticationService()
    #expect(
      service.login(email: "player@example.com", password: "password")
        == .authorized(token: "session-player"))
    #expect(
      service.login(email: "secure@example.com", password: "password")
        == .secondFactorRequired(token: "pending-secure"))
    #expect(
      service.login(email: "player@example.com", password: "nope")
        == .failed("Unknown email or wrong password."))
    #expect(
      service.login(email: "nobody", password: "password")
        == .failed("That is not an email address."))
    #expect(service.verify(code: "0000", token: "pending-secure") == .failed("Wrong code."))
    #expect(
      service.verify(code: "1234", token: "pending-secure")
        == .authorized(token: "session-secure"))
  }

  @Test func startsOnTheCredentialsForm() {
    let (host, _) = makeHost()
    #expect(host.rendering.value.step == .credentials(email: ""))
    #expect(host.rendering.value.commandNames == ["login"])
  }

  @Test func answerArrivesOnlyAfterTheDelay() {
    let (host, sessions) = makeHost()
    host.rendering.value.run("login player@example.com password")
    #expect(host.rendering.value.step == .checking(email: "player@example.com"))
    scheduler.advance(by: .milliseconds(999))
    #expect(sessions().isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(sessions() == ["player@example.com session-player"])
  }

  @Test func wrongPasswordReturnsToTheFormWithAMessage() {
    let (host, sessions) = makeHost()
    host.rendering.value.run("login player@example.com wrong")
    scheduler.advance(by: .seconds(1))
    #expect(host.rendering.value.step == .credentials(email: "player@example.com"))
    #expect(host.rendering.value.message == "Unknown email or wrong password.")
    #expect(sessions().isEmpty)
  }

  @Test func secondFactorAccountsAskForACode() {
    let (host, sessions) = makeHost()
    host.rendering.value.run("login secure@example.com password")
    scheduler.advance(by: .seconds(1))
    #expect(host.rendering.value.step == .secondFactor(email: "secure@example.com"))
    host.rendering.value.run("code 9999")
    scheduler.advance(by: .seconds(1))
    #expect(host.rendering.value.message == "Wrong code.")
    host.rendering.value.run("code 1234")
    scheduler.advance(by: .seconds(1))
    #expect(sessions() == ["secure@example.com session-secure"])
  }

  @Test func backFromTheCodeFormKeepsTheEmail() {
    let (host, _) = makeHost()
    host.rendering.value.run("login secure@example.com password")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("back")
    #expect(host.rendering.value.step == .credentials(email: "secure@example.com"))
  }

  @Test func checkInFlightOffersNoCommands() {
    let (host, _) = makeHost()
    host.rendering.value.run("login player@example.com password")
    #expect(host.rendering.value.commands.isEmpty)
  }
}
