// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import TerminalUI
import Testing
import Workflow
import WorkflowReactive
import WorkflowTesting

@testable import Timers

@MainActor
@Suite struct TimersWorkflowTestingTests {
  private func row(_ name: String, remaining: Int) -> CountdownRow {
    CountdownRow(
      name: name, remaining: remaining, isRunning: false, line: "\(name) stub",
      onStart: {}, onPause: {}, onReset: {})
  }

  @Test func runningCountdownRendersTheTickWorkerAndPausesFromItsRow() {
    let scheduler = TestScheduler()
    CountdownWorkflow(name: "tea", seconds: 5, scheduler: scheduler)
      .renderTester(initialState: CountdownWorkflow.State(remaining: 5, isRunning: true))
      .expectWorker(
        TickWorker(interval: .seconds(1), scheduler: scheduler), mockingOutput: (), key: "tick"
      )
      .render { row in
        #expect(row.line == "tea: 0:05 (running)")
        row.onPause()
      }
      .assert(state: CountdownWorkflow.State(remaining: 4, isRunning: false))
      .assertNoOutput()
  }

  @Test func listRendersAKeyedCountdownPerEntryAndReportsAFinishedOne() {
    let environment = SampleEnvironment(
      scheduler: TestScheduler(), stateDirectory: URL(fileURLWithPath: "/nonexistent"))
    TimersWorkflow(environment: environment)
      .renderTester()
      .expectWorkflow(
        type: CountdownWorkflow.self, key: "tea", producingRendering: row("tea", remaining: 0),
        producingOutput: .finished(name: "tea")
      ) { child in
        #expect(child.seconds == 180)
      }
      .expectWorkflow(
        type: CountdownWorkflow.self, key: "eggs", producingRendering: row("eggs", remaining: 420)
      )
      .render { screen in
        #expect(screen.rows.map(\.line) == ["tea stub", "eggs stub"])
        screen.onAdd("pasta", 60)
      }
      .verifyState { state in
        #expect(state.entries.map(\.name) == ["tea", "eggs", "pasta"])
        #expect(state.notice == Notice(id: 1, text: "Time is up: tea!"))
      }
  }

  @Test func countdownOnAHostRunsToZeroAndSaysItFinished() async {
    let tester = WorkflowHostTester { CountdownWorkflow(name: "tea", seconds: 2, scheduler: $0) }
    #expect(tester.rendering.line == "tea: 0:02 (paused)")
    tester.send { $0.onStart() }
    #expect(await tester.awaitNextRendering()?.isRunning == true)
    tester.advance(by: .seconds(2))
    let done = await tester.awaitNextRendering(where: { $0.remaining == 0 })
    #expect(done?.line == "tea: 0:00 (done)")
    #expect(await tester.awaitNextOutput() == .finished(name: "tea"))
    tester.finish()
  }
}
