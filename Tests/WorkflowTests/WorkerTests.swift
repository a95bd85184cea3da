// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowReactive

/// A worker that records its runs and sends its id once started, then waits.
struct RecordingWorker: Worker, Equatable {
  var id: Int
  var log: Recorder<String>

  static func == (lhs: RecordingWorker, rhs: RecordingWorker) -> Bool { lhs.id == rhs.id }

  func run() -> SignalProducer<Int, Never> {
    let id = self.id
    let log = self.log
    return SignalProducer { observer, lifetime in
      log.record("start \(id)")
      lifetime.observeEnded {
        log.record("stop \(id)")
        // Keeps the run going: a producer whose observer is released is interrupted.
        withExtendedLifetime(observer) {}
      }
      observer.send(value: id)
    }
  }
}

/// Sums the outputs of whatever `body` runs.
struct Collector: Workflow {
  var body: (RenderContext<Collector>) -> Void

  func makeInitialState() -> [Int] { [] }

  func render(state: [Int], context: RenderContext<Collector>) -> [Int] {
    body(context)
    return state
  }

  static func collect(_ value: Int) -> AnyWorkflowAction<Collector> {
    AnyWorkflowAction { state in
      state.append(value)
      return nil
    }
  }
}

/// A worker of a type that is not Equatable.
struct PlainWorker: Worker {
  var log: Recorder<String>
  func run() -> SignalProducer<Int, Never> {
    let log = self.log
    return SignalProducer { observer, lifetime in
      log.record("start")
      lifetime.observeEnded {
        log.record("stop")
        withExtendedLifetime(observer) {}
      }
    }
  }
}

struct AnswerWorker: AsyncWorker, Equatable {
  var answer: Int
  func run() async -> Int { answer }
}

struct CountdownWorker: AsyncSequenceWorker {
  var from: Int
  func makeValues() -> AsyncStream<Int> {
    let from = self.from
    return AsyncStream { continuation in
      for value in stride(from: from, through: 1, by: -1) { continuation.yield(value) }
      continuation.finish()
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct WorkerTests {
  @Test func workerRunsAndReportsOutputs() {
    let log = Recorder<String>()
    let host = WorkflowHost(
      workflow: Collector { context in
        RecordingWorker(id: 1, log: log).running(in: context, outputMap: Collector.collect)
      })
    #expect(host.rendering.value == [1])
    #expect(log.events == ["start 1"])
  }

  @Test func nonEquivalentWorkerRestartsTheRun() {
    let log = Recorder<String>()
    struct Parent: Workflow {
      var id: Int
      var log: Recorder<String>
      func makeInitialState() -> [Int] { [] }
      func render(state: [Int], context: RenderContext<Parent>) -> [Int] {
        RecordingWorker(id: id, log: log).running(in: context) { value in
          AnyWorkflowAction<Parent> { state in
            state.append(value)
            return nil
          }
        }
        return state
      }
    }
    let host = WorkflowHost(workflow: Parent(id: 1, log: log))
    host.update(workflow: Parent(id: 1, log: log))
    #expect(log.events == ["start 1"])
    host.update(workflow: Parent(id: 2, log: log))
    #expect(log.events == ["start 1", "stop 1", "start 2"])
    #expect(host.rendering.value == [1, 2])
  }

  @Test func workerNotRenderedIsStopped() {
    let log = Recorder<String>()
    let host = WorkflowHost(
      workflow: Scripted { state, context in
        if state == 0 { PlainWorker(log: log).running(in: context, outputMap: ignore) }
      })
    host.rendering.value.bump()
    #expect(log.events == ["start", "stop"])
  }

  @Test func workerThatIsNotEquatableKeepsRunning() {
    let log = Recorder<String>()
    let host = WorkflowHost(
      workflow: Scripted { _, context in
        PlainWorker(log: log).running(in: context, outputMap: ignore)
      })
    host.rendering.value.bump()
    host.rendering.value.bump()
    #expect(log.events == ["start"])
  }

  @Test func workersStopWhenTheHostGoesAway() {
    let log = Recorder<String>()
    var host: WorkflowHost<Scripted>? = WorkflowHost(
      workflow: Scripted { _, context in
        PlainWorker(log: log).running(in: context, outputMap: ignore)
      })
    _ = host
    host = nil
    #expect(log.events == ["start", "stop"])
  }

  @Test func asyncWorkerReportsItsResult() async {
    let host = WorkflowHost(
      workflow: Collector { context in
        AnswerWorker(answer: 42).running(in: context, outputMap: Collector.collect)
      })
    await waitUntil { host.rendering.value == [42] }
    #expect(host.rendering.value == [42])
  }

  @Test func asyncSequenceWorkerReportsEveryElement() async {
    let host = WorkflowHost(
      workflow: Collector { context in
        CountdownWorker(from: 3).running(in: context, outputMap: Collector.collect)
      })
    await waitUntil { host.rendering.value.count == 3 }
    #expect(host.rendering.value == [3, 2, 1])
  }

  @Test func signalProducerRunsAsAChild() {
    let host = WorkflowHost(
      workflow: Collector { context in
        SignalProducer(values: 1, 2, 3).running(in: context, key: "numbers") {
          Collector.collect($0)
        }
      })
    #expect(host.rendering.value == [1, 2, 3])
  }

  @Test func signalRunsAsAChildWhileRendered() {
    let (signal, input) = Signal<Int, Never>.pipe()
    struct Parent: Workflow {
      var signal: Signal<Int, Never>
      func makeInitialState() -> [Int] { [] }
      func render(state: [Int], context: RenderContext<Parent>) -> (
        [Int], Sink<AnyWorkflowAction<Parent>>
      ) {
        if state.count < 2 {
          signal.mapOutput { value in
            AnyWorkflowAction<Parent> { state in
              state.append(value)
              return nil
            }
          }.running(in: context)
        }
        return (state, context.makeSink(of: AnyWorkflowAction<Parent>.self))
      }
    }
    let host = WorkflowHost(workflow: Parent(signal: signal))
    input.send(value: 10)
    input.send(value: 20)
    input.send(value: 30)
    #expect(host.rendering.value.0 == [10, 20])
  }
}
