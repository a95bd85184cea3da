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
      // The app is kept behind the menu.
      .assert(state: LauncherWorkflow.State(front: nil, opened: [.split]))
  }

  @Test func openingAnUnknownAppIsARefusalThatChangesNothing() {
    LauncherWorkflow(environment: environment)
      .renderTester()
      .render { screen in
        guard case .refused(let message)? = screen.run("open chess") else {
          Issue.record("expected 'open chess' to be refused")
          return
        }
        #expect(message.hasPrefix("There is no app 'chess'; choose one of tictactoe, todo"))
      }
      .assertNoAction()
      .assert(state: .menu)
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
