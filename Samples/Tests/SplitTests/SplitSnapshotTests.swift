// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleTestSupport
import Split
import TerminalUI
import Testing
import Workflow

@MainActor
@Suite struct SplitSnapshotTests {
  @Test func selectionAndStarsAreRestored() throws {
    let host = WorkflowHost(workflow: SplitWorkflow())
    host.rendering.value.run("select mars")
    host.rendering.value.run("star")
    host.rendering.value.run("next")
    host.rendering.value.run("star")
    host.rendering.value.run("select pluto")
    let restored = try SnapshotRoundTrip(of: host, restoringInto: SplitWorkflow())
    #expect(restored.skipped.isEmpty)
    #expect(restored.snapshot.root.deepestSavedPath == ["SplitWorkflow"])
    #expect(restored.host.rendering.value.text == host.rendering.value.text)
    #expect(restored.host.rendering.value.title == "Planets | Jupiter *")
  }

  @Test func selectionPastAShorterListShowsTheFirstPlanet() throws {
    let host = WorkflowHost(workflow: SplitWorkflow())
    host.rendering.value.run("select neptune")
    let shorter = SplitWorkflow(planets: Array(Planet.all.prefix(3)))
    let restored = try SnapshotRoundTrip(of: host, restoringInto: shorter).host
    #expect(restored.rendering.value.title == "Planets | Mercury")
    restored.rendering.value.run("next")
    #expect(restored.rendering.value.title == "Planets | Venus")
  }

  @Test func starsAreSavedInNameOrder() throws {
    let host = WorkflowHost(workflow: SplitWorkflow())
    for planet in ["venus", "mars", "earth", "saturn", "jupiter"] {
      host.rendering.value.run("select \(planet)")
      host.rendering.value.run("star")
    }
    let state = try #require(try host.snapshot().root.state)
    #expect(
      String(decoding: state, as: UTF8.self)
        == #"{"favourites":["Earth","Jupiter","Mars","Saturn","Venus"],"selection":4}"#)
  }
}
