// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport
import TerminalUI
import Testing
import Timers
import WorkflowReactive

/// `:undo` in the timers app takes back the whole of the last command, however many steps it
/// made: `start all` starts every timer with a send of its own.
@MainActor
@Suite struct TimersUndoTests {
  private func transcript(_ lines: [String]) -> String {
    let environment = SampleEnvironment(
      scheduler: TestScheduler(), stateDirectory: URL(fileURLWithPath: "/nonexistent"))
    var output = ""
    let status = TerminalApp(name: "timers", workflow: TimersWorkflow(environment: environment))
      .run(arguments: [], lines: lines) { output += $0 }
    #expect(status == 0)
    return output
  }

  /// The screen printed last: the text after the last echoed line.
  private func lastScreen(_ transcript: String) -> String {
    String(transcript.components(separatedBy: "timers> ").last ?? "")
  }

  @Test func undoAfterStartAllStopsEveryTimer() {
    let started = lastScreen(transcript(["start all"]))
    let undone = transcript(["start all", ":undo"])
    #expect(started.contains("running") || !started.contains("paused"), "\(started)")
    #expect(undone.contains("Undid steps"), "\(undone)")
    // Back to the screen before `start all`, every timer paused as at the start.
    let before = lastScreen(transcript([""]))
    #expect(lastScreen(undone).hasSuffix(before.drop { $0 != "\n" }), "\(undone)")
  }
}
