// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import SampleTestSupport
import TerminalUI
import Testing
import Timers
import Workflow
import WorkflowReactive

@MainActor
@Suite struct CountdownTests {
  let scheduler = TestScheduler()

  private func makeHost(seconds: Int = 3) -> (
    WorkflowHost<CountdownWorkflow>, () -> [CountdownWorkflow.Output]
  ) {
    let host = WorkflowHost(
      workflow: CountdownWorkflow(name: "tea", seconds: seconds, scheduler: scheduler))
    var outputs: [CountdownWorkflow.Output] = []
    host.output.observeValues { outputs.append($0) }
    return (host, { outputs })
  }

  @Test func doesNotTickUntilStarted() {
    let (host, _) = makeHost()
    scheduler.advance(by: .seconds(5))
    #expect(host.rendering.value.remaining == 3)
    #expect(host.rendering.value.line == "tea: 0:03 (paused)")
  }

  @Test func ticksOncePerSecondWhileRunning() {
    let (host, _) = makeHost(seconds: 70)
    host.rendering.value.onStart()
    scheduler.advance(by: .milliseconds(1500))
    #expect(host.rendering.value.remaining == 69)
    scheduler.advance(by: .seconds(10))
    #expect(host.rendering.value.line == "tea: 0:59 (running)")
  }

  @Test func pauseStopsTheTicksAndStartResumes() {
    let (host, _) = makeHost(seconds: 10)
    host.rendering.value.onStart()
    scheduler.advance(by: .seconds(2))
    host.rendering.value.onPause()
    scheduler.advance(by: .seconds(5))
    #expect(host.rendering.value.remaining == 8)
    host.rendering.value.onStart()
    scheduler.advance(by: .seconds(1))
    #expect(host.rendering.value.remaining == 7)
  }

  @Test func finishesAtZeroOnceAndStops() {
    let (host, outputs) = makeHost(seconds: 2)
    host.rendering.value.onStart()
    scheduler.advance(by: .seconds(5))
    #expect(host.rendering.value.remaining == 0)
    #expect(!host.rendering.value.isRunning)
    #expect(outputs() == [.finished(name: "tea")])
    host.rendering.value.onStart()
    #expect(!host.rendering.value.isRunning)
  }

  @Test func resetFillsUpAndStops() {
    let (host, _) = makeHost(seconds: 5)
    host.rendering.value.onStart()
    scheduler.advance(by: .seconds(3))
    host.rendering.value.onReset()
    scheduler.advance(by: .seconds(3))
    #expect(host.rendering.value.remaining == 5)
    #expect(!host.rendering.value.isRunning)
  }
}

@MainActor
@Suite struct TimersTests {
  let scheduler = TestScheduler()

  private func makeHost() -> WorkflowHost<TimersWorkflow> {
    WorkflowHost(
      workflow: TimersWorkflow(
        environment: SampleEnvironment(
          scheduler: scheduler, stateDirectory: URL(fileURLWithPath: "/nonexistent"))))
  }

  private func lines(_ host: WorkflowHost<TimersWorkflow>) -> [String] {
    host.rendering.value.rows.map(\.line)
  }

  @Test func startsWithTwoTimers() {
    let host = makeHost()
    #expect(lines(host) == ["tea: 3:00 (paused)", "eggs: 7:00 (paused)"])
    #expect(!host.rendering.value.commandNames.contains("wait"))
  }

  @Test func eachTimerTicksOnItsOwn() {
    let host = makeHost()
    host.rendering.value.run("start tea")
    scheduler.advance(by: .seconds(2))
    host.rendering.value.run("start eggs")
    scheduler.advance(by: .seconds(3))
    #expect(lines(host) == ["tea: 2:55 (running)", "eggs: 6:57 (running)"])
    host.rendering.value.run("pause all")
    scheduler.advance(by: .seconds(3))
    #expect(lines(host) == ["tea: 2:55 (paused)", "eggs: 6:57 (paused)"])
  }

  @Test func addedTimerIsAKeyedChildAndRemovingOneKeepsTheOthersRunning() {
    let host = makeHost()
    host.rendering.value.run("add pasta 2")
    host.rendering.value.run("start all")
    scheduler.advance(by: .seconds(1))
    host.rendering.value.run("remove tea")
    scheduler.advance(by: .seconds(1))
    #expect(lines(host) == ["eggs: 6:58 (running)", "pasta: 0:00 (done)"])
    #expect(host.rendering.value.notices.map(\.text) == ["Time is up: pasta!"])
    #expect(host.debugTree().children.map(\.key).sorted() == ["eggs", "pasta"])
  }

  @Test func badInputIsTheCommandsReplyAndChangesNothing() {
    let host = makeHost()
    let before = host.rendering.value.text
    #expect(
      host.rendering.value.run("add tea 5") == .refused("There is already a timer called 'tea'."))
    #expect(
      host.rendering.value.run("add soup many")
        == .usageError("invalid <seconds>: 'many' (1 to 86400)"))
    #expect(
      host.rendering.value.run("add soup 0") == .refused("Seconds must be between 1 and 86400."))
    #expect(host.rendering.value.run("start soup") == .refused("No timer called 'soup'."))
    #expect(host.rendering.value.run("remove soup") == .refused("No timer called 'soup'."))
    #expect(host.rendering.value.text == before)
  }

  @Test func aRefusalIsNotOnTheNextScreenNorOnATick() {
    let host = makeHost()
    host.rendering.value.run("start soup")
    host.rendering.value.run("start tea")
    scheduler.advance(by: .seconds(1))
    #expect(!host.rendering.value.text.contains("soup"))
    #expect(host.rendering.value.notices.isEmpty)
  }

  @Test func aFinishedCountdownIsANoticeThatTicksDoNotRepeat() {
    let host = makeHost()
    host.rendering.value.run("add pasta 1")
    host.rendering.value.run("start all")
    scheduler.advance(by: .seconds(1))
    let notice = host.rendering.value.notices
    #expect(notice.map(\.text) == ["Time is up: pasta!"])
    #expect(!host.rendering.value.text.contains("Time is up"))
    scheduler.advance(by: .seconds(3))
    #expect(host.rendering.value.notices == notice)
  }

  @Test func virtualClockOffersWait() {
    let clock = TestScheduler(runsDueActionsImmediately: true)
    let host = WorkflowHost(
      workflow: TimersWorkflow(
        environment: SampleEnvironment(
          scheduler: clock, virtualClock: clock,
          stateDirectory: URL(fileURLWithPath: "/nonexistent"))))
    host.rendering.value.run("start tea")
    host.rendering.value.run("wait 61")
    #expect(lines(host)[0] == "tea: 1:59 (running)")
  }
}
