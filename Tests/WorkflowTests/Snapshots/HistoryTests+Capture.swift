// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Synchronization
import Testing
import Workflow
import WorkflowReactive

/// The history keeps each step's states as values and encodes a step only when its snapshot is
/// read.
@MainActor
@Suite struct HistoryCaptureTests {
  private func tally(limit: Int = 10) -> (WorkflowHost<Tally>, Tally.Counter) {
    let counter = Tally.Counter()
    let host = WorkflowHost(
      workflow: Tally(counter: counter), configuration: RuntimeConfiguration(historyLimit: limit))
    return (host, counter)
  }

  private func add(_ amount: Int, to host: WorkflowHost<Tally>) {
    host.rendering.value.send(
      AnyWorkflowAction {
        $0.count += amount; return nil
      })
  }

  private func count(in snapshot: WorkflowSnapshot) throws -> Int {
    let data = try #require(snapshot.root.state)
    return try JSONDecoder().decode(Int.self, from: data)
  }

  @Test func recordingStepsEncodesNoState() {
    let (host, counter) = tally()
    for amount in 1...5 { add(amount, to: host) }
    #expect(host.history.count == 6)
    #expect(counter.encodes == 0)
  }

  @Test func aStepIsEncodedOnceWhenItsSnapshotIsFirstRead() throws {
    let (host, counter) = tally()
    add(1, to: host)
    add(2, to: host)
    let step = host.history[1]
    #expect(try count(in: try step.snapshot) == 1)
    #expect(try count(in: try step.snapshot) == 1)
    #expect(counter.encodes == 1, "only step 1, and only once")
  }

  @Test func aSnapshotRightAfterAStepIsTheStepsOwn() throws {
    let (host, counter) = tally()
    add(1, to: host)
    let saved = try host.snapshot()
    #expect(try saved == host.history.last?.snapshot)
    _ = try host.snapshot()
    #expect(counter.encodes == 1, "the step's states, encoded once for all readers")
    host.rendering.value.send(AnyWorkflowAction { _ in nil })
    _ = try host.snapshot()
    #expect(counter.encodes == 2, "after an action the tree is captured again, changed or not")
  }

  @Test func eachStepKeepsTheStateItHadThen() throws {
    let (host, _) = tally()
    for amount in 1...3 { add(amount, to: host) }
    let counts = try host.history.map { try count(in: try $0.snapshot) }
    #expect(counts == [0, 1, 3, 6])
  }

  @Test func aStateThatIsAnObjectIsEncodedWhenItsStepIsRecorded() throws {
    let host = WorkflowHost(
      workflow: Bookcase(), configuration: RuntimeConfiguration(historyLimit: 10))
    host.rendering.value.send(
      AnyWorkflowAction {
        $0.books.append("Dune"); return nil
      })
    host.rendering.value.send(
      AnyWorkflowAction {
        $0.books.append("Emma"); return nil
      })
    let shelves = try host.history.map { step in
      try JSONDecoder().decode(
        [String: [String]].self, from: #require(try step.snapshot.root.state))
    }
    #expect(shelves == [["books": []], ["books": ["Dune"]], ["books": ["Dune", "Emma"]]])
  }

  @Test func aStepWhoseStateDoesNotEncodeThrowsButCanBeRewoundTo() throws {
    let (host, _) = tally()
    add(1, to: host)
    add(Tally.unencodable - 1, to: host)
    add(1, to: host)
    let steps = host.history
    #expect(steps.count == 4, "a step is recorded before anything is encoded")
    do {
      _ = try steps[2].snapshot
      Issue.record("encoded an unencodable count")
    } catch {
      #expect("\(error)".hasPrefix("the state of Tally could not be encoded: "))
    }
    // A rewind restores the count the step kept, without encoding it.
    #expect(host.rewind(toStep: 2))
    #expect(host.rendering.value.count == Tally.unencodable)
    #expect(host.rewind(toStep: 1))
    #expect(host.rendering.value.count == 1)
  }

  @Test func aStepCanBeReadFromManyThreadsAtOnce() throws {
    let (host, counter) = tally()
    add(7, to: host)
    let step = try #require(host.history.last)
    // Locked, not Synchronization.Mutex: the thread sanitizer does not see the latter's futex.
    let counts = Locked<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let data = (try? step.snapshot)?.root.state
      let value = data.flatMap { try? JSONDecoder().decode(Int.self, from: $0) }
      counts.withLock { $0.append(value ?? -1) }
    }
    #expect(counts.withLock { $0 } == Array(repeating: 7, count: 8))
    #expect(counter.encodes == 1)
  }
}

/// A counter whose state counts how often it is encoded, and refuses to encode one value.
private struct Tally: SnapshottableWorkflow {
  static let unencodable = 1_000

  /// Counts the encodings of one host's states.
  final class Counter: Sendable {
    private let count = Synchronization.Atomic(0)
    var encodes: Int { count.load(ordering: .relaxed) }
    func add() { count.add(1, ordering: .relaxed) }
  }

  let counter: Counter

  struct State: Codable {
    var count = 0
    var counter: Counter?

    init(counter: Counter) {
      self.counter = counter
    }

    func encode(to encoder: any Encoder) throws {
      counter?.add()
      guard count != Tally.unencodable else {
        throw EncodingError.invalidValue(
          count, .init(codingPath: [], debugDescription: "\(count) is not a count"))
      }
      var container = encoder.singleValueContainer()
      try container.encode(count)
    }

    init(from decoder: any Decoder) throws {
      count = try decoder.singleValueContainer().decode(Int.self)
    }
  }

  struct Rendering {
    var count: Int
    var sink: Sink<AnyWorkflowAction<Tally>>

    func send(_ action: AnyWorkflowAction<Tally>) { sink.send(action) }
  }

  func makeInitialState() -> State { State(counter: counter) }

  func render(state: State, context: RenderContext<Tally>) -> Rendering {
    Rendering(count: state.count, sink: context.makeSink(of: AnyWorkflowAction<Tally>.self))
  }
}

/// A workflow whose state is an object, changed in place by its actions.
private struct Bookcase: SnapshottableWorkflow {
  final class State: Codable {
    var books: [String] = []
  }

  func makeInitialState() -> State { State() }

  func render(
    state: State, context: RenderContext<Bookcase>
  ) -> Sink<AnyWorkflowAction<Bookcase>> {
    context.makeSink(of: AnyWorkflowAction<Bookcase>.self)
  }
}
