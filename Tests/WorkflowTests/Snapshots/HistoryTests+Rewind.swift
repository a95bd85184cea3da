// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization
import Testing
import Workflow

/// A rewind restores the states a step kept as they are, without encoding or decoding them,
/// and otherwise does what starting a host from the step's snapshot does.
@MainActor
@Suite struct HistoryRewindTests {
  private func notebook(observers: [any WorkflowObserver] = []) -> WorkflowHost<Notebook> {
    WorkflowHost(
      workflow: Notebook(), observers: observers,
      configuration: RuntimeConfiguration(historyLimit: 20))
  }

  @Test func aRewindRestoresTheKeptStatesWithoutEncodingThem() {
    let counter = Ledger.Counter()
    let host = WorkflowHost(
      workflow: Ledger(counter: counter), configuration: RuntimeConfiguration(historyLimit: 10))
    for amount in 1...3 { host.rendering.value.add(amount) }
    #expect(host.rewind(toStep: 1))
    #expect(host.rendering.value.total == 1)
    #expect(host.undo())
    #expect(host.rendering.value.total == 0)
    #expect(counter.encodes == 0)
  }

  @Test func aRewoundStateIsTheValueTheStepKeptNotACopyThroughItsJSON() {
    let counter = Ledger.Counter()
    let host = WorkflowHost(
      workflow: Ledger(counter: counter), configuration: RuntimeConfiguration(historyLimit: 10))
    host.rendering.value.add(5)
    host.rendering.value.add(6)
    #expect(host.undo())
    // The note is left out of the state's JSON: a decoded state would have lost it.
    #expect(host.rendering.value.note == "added 5")
  }

  @Test func aStepWhoseStateDoesNotEncodeCanStillBeRewoundTo() throws {
    let counter = Ledger.Counter()
    let host = WorkflowHost(
      workflow: Ledger(counter: counter), configuration: RuntimeConfiguration(historyLimit: 10))
    host.rendering.value.add(Ledger.unencodable)
    host.rendering.value.add(1)
    #expect(throws: WorkflowSnapshotError.self) { try host.history[1].snapshot }
    #expect(host.undo())
    #expect(host.rendering.value.total == Ledger.unencodable)
  }

  @Test func undoingThousandsOfStepsRestoresEachInTurn() {
    let counter = Ledger.Counter()
    let host = WorkflowHost(
      workflow: Ledger(counter: counter), configuration: RuntimeConfiguration(historyLimit: 1_000))
    for _ in 1...5_000 { host.rendering.value.add(1) }
    #expect(host.history.first?.number == 4_001)
    #expect(host.rewind(toStep: 4_999))
    for total in (4_001...4_998).reversed() {
      guard host.undo(), host.rendering.value.total == total else {
        Issue.record("undo to \(total) gave \(host.rendering.value.total)")
        return
      }
    }
    #expect(!host.undo())
    #expect(host.rendering.value.total == 4_001)
    #expect(counter.encodes == 0)
  }

  @Test func aRewindBringsBackChildrenThatHaveGoneAndDropsThoseThatCameLater() {
    let host = notebook()
    host.rendering.value.sink.send(.addPage("two"))
    host.rendering.value.pages[1].write("kept")
    host.rendering.value.shelf.bookmark.turn()  // step 3: both pages, page two written
    host.rendering.value.sink.send(.close)  // step 4: the pages are gone
    host.rendering.value.sink.send(.rename("A"))
    #expect(host.rendering.value.pages.isEmpty)
    #expect(host.rewind(toStep: 3))
    #expect(host.rendering.value.summary == "untitled [intro=,two=kept] shelf 0 bookmark 2")
    #expect(host.rewind(toStep: 1))
    #expect(host.rendering.value.summary == "untitled [intro=,two=] shelf 0 bookmark 1")
    #expect(host.rewind(toStep: 0))
    #expect(host.rendering.value.summary == "untitled [intro=] shelf 0 bookmark 1")
    // A page that comes back after the rewind starts fresh, not from a forgotten step.
    host.rendering.value.sink.send(.addPage("two"))
    #expect(host.rendering.value.pages[1].text == "")
  }

  @Test func observersHearWhatAHostStartedFromTheStepsSnapshotWouldTell() throws {
    let rewound = RestoreLog()
    let host = notebook(observers: [rewound])
    host.rendering.value.sink.send(.addPage("two"))
    host.rendering.value.pages[1].write("kept")
    host.rendering.value.shelf.move()
    host.rendering.value.sink.send(.close)
    let saved = try host.history[2].snapshot
    rewound.lines.removeAll()
    #expect(host.rewind(toStep: 2))
    let restored = RestoreLog()
    let started = WorkflowHost(workflow: Notebook(), restoringFrom: saved, observers: [restored])
    #expect(started.rendering.value.summary == host.rendering.value.summary)
    // The rewind ended the old tree's nodes (the notebook was closed: no pages); the new host
    // began.
    #expect(rewound.lines.filter { $0.hasPrefix("ended") }.count == 3)
    #expect(
      rewound.lines.filter { !$0.hasPrefix("ended") }
        == restored.lines.filter { $0 != "host began" })
  }

  @Test func aStateThatIsAnObjectIsRestoredAsItWasWhenItsStepWasRecorded() {
    let host = WorkflowHost(
      workflow: Library(), configuration: RuntimeConfiguration(historyLimit: 10))
    let live = host.rendering.value.shelf
    host.rendering.value.add("Dune")
    host.rendering.value.add("Emma")
    #expect(host.undo())
    #expect(host.rendering.value.shelf.books == ["Dune"])
    #expect(host.rendering.value.shelf !== live, "decoded from the step's JSON, not the live one")
    #expect(live.books == ["Dune", "Emma"])
  }

  @Test func aStepWhoseObjectStateDidNotEncodeCannotBeRewoundTo() {
    let host = WorkflowHost(
      workflow: Library(), configuration: RuntimeConfiguration(historyLimit: 10))
    host.rendering.value.add(Library.unencodable)
    host.rendering.value.add("Emma")
    #expect(!host.rewind(toStep: 1))
    #expect(host.history.count == 3, "a rewind that cannot happen changes nothing")
    #expect(host.rendering.value.shelf.books == [Library.unencodable, "Emma"])
    #expect(host.rewind(toStep: 0))
    #expect(host.rendering.value.shelf.books.isEmpty)
  }

  @Test func aStepThatIsNoLongerTheLatestForgetsItsEncodingButNotItsStates() throws {
    let counter = Ledger.Counter()
    let host = WorkflowHost(
      workflow: Ledger(counter: counter), configuration: RuntimeConfiguration(historyLimit: 10))
    host.rendering.value.add(2)
    _ = try host.snapshot()
    _ = try host.snapshot()
    #expect(counter.encodes == 1, "encoded once while it is the tree's latest")
    host.rendering.value.add(3)
    _ = try host.history[1].snapshot
    #expect(counter.encodes == 2, "encoded again: the step kept its states, not their JSON")
    #expect(host.undo())
    #expect(host.rendering.value.total == 2)
    #expect(counter.encodes == 2)
  }
}

/// Records how each node of a tree starts, naming nodes by their paths.
private final class RestoreLog: WorkflowObserver {
  var lines: [String] = []

  func sessionDidBegin(rootWorkflowType: any Workflow.Type) { lines.append("host began") }

  func sessionDidEnd(_ session: WorkflowSession) { lines.append("ended \(session.path)") }

  func workflowDidMakeInitialState<W: Workflow>(
    _ workflow: W, initialState: W.State, session: WorkflowSession
  ) {
    lines.append("initial \(session.path) \(initialState)")
  }

  func workflowDidRestoreState<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) {
    lines.append("restored \(session.path) \(state)")
  }

  func snapshotEntryWasSkipped(_ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath) {
    lines.append("skipped \(path): \(reason)")
  }

  func workflowWillRender<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) -> ((W.Rendering) -> Void)? {
    lines.append("render \(session.path) \(state)")
    return nil
  }
}

/// A running total whose state counts its encodings, leaves a note out of its JSON, and refuses
/// to encode one total.
private struct Ledger: SnapshottableWorkflow {
  static let unencodable = 1_000

  /// Counts the encodings of one host's states.
  final class Counter: Sendable {
    private let count = Atomic(0)
    var encodes: Int { count.load(ordering: .relaxed) }
    func add() { count.add(1, ordering: .relaxed) }
  }

  let counter: Counter

  struct State: Codable {
    var total = 0
    var note = ""
    var counter: Counter?

    init(counter: Counter) {
      self.counter = counter
    }

    func encode(to encoder: any Encoder) throws {
      counter?.add()
      guard total != Ledger.unencodable else {
        throw EncodingError.invalidValue(
          total, .init(codingPath: [], debugDescription: "\(total) is not a total"))
      }
      var container = encoder.singleValueContainer()
      try container.encode(total)
    }

    init(from decoder: any Decoder) throws {
      total = try decoder.singleValueContainer().decode(Int.self)
    }
  }

  struct Rendering {
    var total: Int
    var note: String
    var sink: Sink<AnyWorkflowAction<Ledger>>

    func add(_ amount: Int) {
      sink.send(
        AnyWorkflowAction {
          $0.total += amount
          $0.note = "added \(amount)"
          return nil
        })
    }
  }

  func makeInitialState() -> State { State(counter: counter) }

  func render(state: State, context: RenderContext<Ledger>) -> Rendering {
    Rendering(
      total: state.total, note: state.note,
      sink: context.makeSink(of: AnyWorkflowAction<Ledger>.self))
  }
}

/// A workflow whose state is an object, changed in place by its actions; one title does not
/// encode.
private struct Library: SnapshottableWorkflow {
  static let unencodable = "(unencodable)"

  final class Shelf: Codable {
    var books: [String] = []

    func encode(to encoder: any Encoder) throws {
      guard !books.contains(Library.unencodable) else {
        throw EncodingError.invalidValue(
          books, .init(codingPath: [], debugDescription: "a title that does not encode"))
      }
      var container = encoder.singleValueContainer()
      try container.encode(books)
    }

    init() {}

    init(from decoder: any Decoder) throws {
      books = try decoder.singleValueContainer().decode([String].self)
    }
  }

  struct Rendering {
    var shelf: Shelf
    var sink: Sink<AnyWorkflowAction<Library>>

    func add(_ title: String) {
      sink.send(
        AnyWorkflowAction {
          $0.books.append(title)
          return nil
        })
    }
  }

  func makeInitialState() -> Shelf { Shelf() }

  func render(state: Shelf, context: RenderContext<Library>) -> Rendering {
    Rendering(shelf: state, sink: context.makeSink(of: AnyWorkflowAction<Library>.self))
  }
}
