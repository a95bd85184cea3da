// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import Workflow

@MainActor
@Suite struct SnapshotTests {
  /// A notebook host moved away from its initial state at every level.
  private func editedHost(log: Recorder<String>? = nil) -> WorkflowHost<Notebook> {
    let host = WorkflowHost(workflow: Notebook(log: log))
    host.rendering.value.sink.send(.rename("Travel"))
    host.rendering.value.sink.send(.addPage("rome"))
    host.rendering.value.pages[1].write("Colosseum")
    host.rendering.value.shelf.move()
    host.rendering.value.shelf.bookmark.turn()
    return host
  }

  private func roundTrip(_ snapshot: WorkflowSnapshot) throws -> WorkflowSnapshot {
    try WorkflowSnapshot(jsonData: try snapshot.jsonData())
  }

  @Test func aRestoredHostRendersWhatTheSavedOneDid() throws {
    let host = editedHost()
    let restored = WorkflowHost(
      workflow: Notebook(), restoringFrom: try roundTrip(try host.snapshot()))
    // The shelf does not opt in, so its move count starts over; everything else is restored.
    #expect(host.rendering.value.summary == "Travel [intro=,rome=Colosseum] shelf 1 bookmark 2")
    #expect(restored.rendering.value.summary == "Travel [intro=,rome=Colosseum] shelf 0 bookmark 2")
  }

  @Test func restoredNodesDoNotMakeAnInitialState() throws {
    let snapshot = try editedHost().snapshot()
    let log = Recorder<String>()
    _ = WorkflowHost(workflow: Notebook(log: log), restoringFrom: snapshot)
    #expect(log.events == ["Shelf"])
  }

  @Test func theSnapshotHoldsOnlyOptedInNodesAndThePathsToThem() throws {
    let root = try editedHost().snapshot().root
    #expect(root.workflowType == "WorkflowTests.Notebook")
    #expect(
      root.children.map(\.workflowType) == [
        "WorkflowTests.Page", "WorkflowTests.Page", "WorkflowTests.Shelf",
      ])
    #expect(root.children.map(\.key) == ["intro", "rome", ""])
    let shelf = root.children[2]
    #expect(shelf.state == nil, "a node that does not opt in keeps no state")
    #expect(shelf.children.map(\.workflowType) == ["WorkflowTests.Bookmark"])
    #expect(shelf.children[0].state.map { String(decoding: $0, as: UTF8.self) } == "2")
  }

  @Test func aTreeWithNothingSnapshottableStillHasItsRoot() throws {
    let host = WorkflowHost(workflow: Counter())
    let root = try host.snapshot().root
    #expect(root.workflowType == "WorkflowTests.Counter")
    #expect(root.state == nil && root.children.isEmpty)
  }

  @Test func statesAreNestedJSONOnDisk() throws {
    let data = try editedHost().snapshot().jsonData(prettyPrinted: false)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["formatVersion"] as? Int == 1)
    let root = try #require(json["root"] as? [String: Any])
    let state = try #require(root["state"] as? [String: Any], "the state is an object, not text")
    #expect(state["title"] as? String == "Travel")
  }

  @Test func childrenRestoreWhenTheyAreFirstRendered() throws {
    let source = WorkflowHost(workflow: Notebook())
    source.rendering.value.pages[0].write("hello")
    source.rendering.value.sink.send(.close)
    // Saved while open, so the page has an entry; restored into a closed notebook.
    var snapshot = try source.snapshot()
    let pageEntry = WorkflowSnapshot.Node(
      workflowType: "WorkflowTests.Page", key: "intro",
      state: Data(#"{"edits":1,"text":"hello"}"#.utf8), children: [])
    snapshot.root.children.insert(pageEntry, at: 0)
    let host = WorkflowHost(workflow: Notebook(), restoringFrom: snapshot)
    #expect(host.rendering.value.pages.isEmpty)
    host.rendering.value.sink.send(.open)
    #expect(host.rendering.value.pages.map(\.text) == ["hello"])
    // An entry is used once: a page made again later starts fresh.
    host.rendering.value.sink.send(.close)
    host.rendering.value.sink.send(.open)
    #expect(host.rendering.value.pages.map(\.text) == [""])
  }

  @Test func aSnapshotOfAnotherRootTypeIsSkipped() throws {
    let snapshot = try editedHost().snapshot()
    let observer = SkipObserver()
    let host = WorkflowHost(workflow: Counter(), restoringFrom: snapshot, observers: [observer])
    #expect(host.rendering.value.count == 0)
    #expect(
      observer.skipped == [
        "Counter: the snapshot was saved from WorkflowTests.Notebook, not WorkflowTests.Counter"
      ])
  }

  @Test func aStateThatNoLongerDecodesStartsFreshAndIsReported() throws {
    var snapshot = try editedHost().snapshot()
    snapshot.root.children[1].state = Data(#"{"text":42,"edits":1}"#.utf8)
    let observer = SkipObserver()
    let host = WorkflowHost(workflow: Notebook(), restoringFrom: snapshot, observers: [observer])
    #expect(host.rendering.value.summary == "Travel [intro=,rome=] shelf 0 bookmark 2")
    #expect(
      observer.skipped == [
        """
        Notebook/Page[rome]: the saved state of WorkflowTests.Page could not be decoded: \
        expected String at text
        """
      ])
    #expect(
      observer.restored == ["Notebook", "Notebook/Page[intro]", "Notebook/Shelf/Bookmark[mark]"])
  }

  @Test func aStateForAWorkflowThatNoLongerOptsInIsReported() throws {
    var snapshot = try editedHost().snapshot()
    snapshot.root.children[2].state = Data("5".utf8)
    let observer = SkipObserver()
    let host = WorkflowHost(workflow: Notebook(), restoringFrom: snapshot, observers: [observer])
    #expect(host.rendering.value.shelf.moves == 0)
    #expect(
      observer.skipped == [
        "Notebook/Shelf: WorkflowTests.Shelf is no longer a SnapshottableWorkflow"
      ])
  }

  @Test func entriesOfUnknownTypesAndKeysAreIgnored() throws {
    var snapshot = try editedHost().snapshot()
    snapshot.root.children[0].workflowType = "Gone.OldPage"
    snapshot.root.children[1].key = "paris"
    let observer = SkipObserver()
    let host = WorkflowHost(workflow: Notebook(), restoringFrom: snapshot, observers: [observer])
    #expect(host.rendering.value.summary == "Travel [intro=,rome=] shelf 0 bookmark 2")
    #expect(observer.skipped.isEmpty)
  }

  @Test(arguments: [
    #"{"formatVersion":2,"root":{"type":"WorkflowTests.Notebook","key":""}}"#,
    #"{"root":{"type":"WorkflowTests.Notebook","key":""}}"#,
    #"{"formatVersion":1}"#,
    "[1, 2]",
    "not json",
  ])
  func textThatIsNotASnapshotFailsToDecode(text: String) {
    #expect(throws: DecodingError.self) { try WorkflowSnapshot(jsonData: Data(text.utf8)) }
  }

  @Test func theFormatVersionIsNamedWhenItIsUnknown() {
    let text = #"{"formatVersion":7,"root":{"type":"A","key":""}}"#
    do {
      _ = try WorkflowSnapshot(jsonData: Data(text.utf8))
      Issue.record("decoded a snapshot of format 7")
    } catch {
      #expect("\(error)".contains("snapshot format 7 is not supported (this build reads 1)"))
    }
  }

  @Test func aStateThatCannotBeEncodedNamesItsNode() {
    let host = WorkflowHost(workflow: Gauge())
    do {
      _ = try host.snapshot()
      Issue.record("encoded an infinite reading")
    } catch let error as WorkflowSnapshotError {
      #expect(error.path.description == "Gauge")
      #expect(error.description.hasPrefix("the state of Gauge could not be encoded: "))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func aStateThatCannotBeEncodedBelowTheRootNamesItsPath() {
    let host = WorkflowHost(workflow: Dashboard())
    do {
      _ = try host.snapshot()
      Issue.record("encoded an infinite reading")
    } catch let error as WorkflowSnapshotError {
      #expect(error.path.description == "Dashboard/Gauge[outside]")
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func jsonValuesSurviveARoundTripExactly() throws {
    var snapshot = try WorkflowHost(workflow: Counter()).snapshot()
    let state = #"{"a":[true,false,null],"big":9007199254740993,"neg":-3,"pi":3.25,"s":"é\n"}"#
    snapshot.root.state = Data(state.utf8)
    let decoded = try roundTrip(snapshot)
    let reparsed = try #require(decoded.root.state)
    #expect(String(decoding: reparsed, as: UTF8.self) == state)
  }
}

/// A workflow whose state JSON cannot encode.
private struct Gauge: SnapshottableWorkflow {
  func makeInitialState() -> Double { .infinity }
  func render(state: Double, context: RenderContext<Gauge>) -> Double { state }
}

/// A root that shows a gauge which cannot be saved.
private struct Dashboard: SnapshottableWorkflow {
  func makeInitialState() -> Int { 0 }
  func render(state: Int, context: RenderContext<Dashboard>) -> Double {
    Gauge().rendered(in: context, key: "outside")
  }
}
