// SPDX-License-Identifier: Apache-2.0

import Foundation
import Launcher
import SampleSupport
import SampleTestSupport
import Split
import TerminalUI
import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@MainActor
@Suite struct LauncherWorkflowTestingTests {
  private let environment = SampleEnvironment(
    scheduler: TestScheduler(), stateDirectory: URL(fileURLWithPath: "/nonexistent"))

  @Test func runningAppIsAKeyedChildAndMenuGoesBack() {
    LauncherWorkflow(environment: environment)
      .renderTester(initialState: .running(.split))
      // The erased app keeps its workflow's identity; only its rendering is mapped.
      .expectWorkflow(
        type: SplitWorkflow.self, key: "split",
        producingRendering: SplitScreen(left: Screen(title: "L"), right: Screen(title: "R"))
      )
      .render { screen in
        #expect(screen.title == "L | R")
        #expect(screen.run("menu") == .done)
      }
      .assert(state: .menu(message: nil))
  }

  @Test func openingAnUnknownAppExplainsTheChoices() {
    LauncherWorkflow(environment: environment)
      .renderTester()
      .render { screen in
        screen.run("open chess")
      }
      .verifyState { state in
        guard case .menu(let message?) = state else {
          Issue.record("expected the menu with a message, got \(state)")
          return
        }
        #expect(message.hasPrefix("There is no app 'chess'"))
      }
  }

  @Test func hostOpensAnAppAndReturnsToTheMenu() async {
    let tester = WorkflowHostTester {
      LauncherWorkflow(
        environment: SampleEnvironment(
          scheduler: $0, stateDirectory: URL(fileURLWithPath: "/nonexistent")))
    }
    tester.send { $0.run("open split") }
    #expect(await tester.awaitNextRendering()?.commandNames.last == "menu")
    tester.send { $0.run("menu") }
    #expect(await tester.awaitNextRendering()?.commandNames == ["open"])
    tester.finish()
  }
}
