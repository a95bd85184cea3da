// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@testable import TicTacToe

@MainActor
@Suite struct TicTacToeWorkflowTestingTests {
  @Test func signedOutRendersAuthenticationAndItsSessionSignsIn() {
    let environment = SampleEnvironment(
      scheduler: TestScheduler(), stateDirectory: URL(fileURLWithPath: "/nonexistent"))
    TicTacToeWorkflow(environment: environment)
      .renderTester()
      .expectWorkflow(
        type: AuthenticationWorkflow.self,
        producingRendering: AuthenticationScreen(step: .credentials(email: ""), message: nil),
        producingOutput: AuthenticationWorkflow.Session(email: "ann@example.com", token: "t")
      ) { child in
        #expect(child.delay == .seconds(1))
      }
      .render { screen in
        #expect(screen.title == "Sign in")
      }
      .assert(state: .signedIn(email: "ann@example.com"))
  }

  @Test func checkingCredentialsRunsTheWorkerAndAsksForASecondFactor() {
    let scheduler = TestScheduler()
    let service = AuthenticationService()
    AuthenticationWorkflow(service: service, delay: .seconds(1), scheduler: scheduler)
      .renderTester(
        initialState: .checkingCredentials(
          email: "secure@example.com", password: SecretText("password"))
      )
      .expectWorker(
        AuthenticationWorker(
          request: .login(email: "secure@example.com", password: SecretText("password")),
          service: service,
          delay: .seconds(1), scheduler: scheduler),
        mockingOutput: .secondFactorRequired(token: "pending-secure")
      )
      .render { screen in
        #expect(screen.message == "Signing in…")
      }
      .assert(
        state: .secondFactor(email: "secure@example.com", token: "pending-secure", error: nil)
      )
      .assertNoOutput()
  }

  @Test func credentialsScreenLoginStartsTheCheck() {
    AuthenticationWorkflow(delay: .seconds(1), scheduler: TestScheduler())
      .renderTester()
      .render { screen in
        screen.onLogin("player@example.com", SecretText("password"))
      }
      .assert(
        state: .checkingCredentials(email: "player@example.com", password: SecretText("password")))
  }

  @Test func hostAsksForTheSecondFactorAfterTheDelayAndCancelGoesBack() async {
    let tester = WorkflowHostTester {
      AuthenticationWorkflow(delay: .seconds(1), scheduler: $0)
    }
    tester.send { $0.onLogin("secure@example.com", SecretText("password")) }
    #expect(await tester.awaitNextRendering()?.message == "Signing in…")
    tester.advance(by: .seconds(1))
    let asked = await tester.awaitNextRendering()
    #expect(asked?.step == .secondFactor(email: "secure@example.com"))
    tester.send { $0.onCancel() }
    #expect(await tester.awaitNextRendering()?.step == .credentials(email: "secure@example.com"))
    tester.finish()
  }
}
