// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization
import TestSupport
import Testing
import Workflow
import WorkflowReactive

extension Tag {
  /// Tests that push the runtime with large counts; skip them with `--skip StressTests`.
  @Tag static var stress: Self
}

/// How much work a stress test does: its full count, or a tenth of it under the thread
/// sanitizer, which makes every synchronized operation tens of times slower (the full counts
/// there would take minutes per test without checking anything the smaller ones do not).
func stressCount(_ count: Int) -> Int {
  isThreadSanitizerActive ? count / 10 : count
}

/// Whether the process runs under the thread sanitizer: its runtime defines `__tsan_init`.
let isThreadSanitizerActive = dlsym(dlopen(nil, RTLD_LAZY), "__tsan_init") != nil

/// Counts sends from several senders and notices any that arrives out of its sender's order.
struct OrderedReceiver: Workflow {
  var senders: Int

  struct State: Equatable {
    var received = 0
    var outOfOrder = 0
    var next: [Int]
  }

  struct Sent: WorkflowAction {
    typealias WorkflowType = OrderedReceiver
    var sender: Int
    var number: Int

    func apply(toState state: inout State, context: ApplyContext<OrderedReceiver>) -> Never? {
      if state.next[sender] != number { state.outOfOrder += 1 }
      state.next[sender] = number + 1
      state.received += 1
      return nil
    }
  }

  func makeInitialState() -> State { State(next: Array(repeating: 0, count: senders)) }

  func render(state: State, context: RenderContext<OrderedReceiver>) -> (State, Sink<Sent>) {
    (state, context.makeSink(of: Sent.self))
  }
}

/// A tree `levels` deep below the root, each node with `width` keyed counter-like children.
struct WideTree: Workflow, Equatable {
  var levels: Int
  var width: Int

  func makeInitialState() -> Int { 0 }

  struct Rendering {
    var count: Int
    var nodes: Int
    var sink: Sink<AnyWorkflowAction<WideTree>>
    var children: [Rendering]
  }

  func render(state: Int, context: RenderContext<WideTree>) -> Rendering {
    var children: [Rendering] = []
    if levels > 0 {
      children.reserveCapacity(width)
      for index in 0..<width {
        children.append(
          WideTree(levels: levels - 1, width: width).rendered(in: context, key: keys[index]))
      }
    }
    return Rendering(
      count: state, nodes: 1 + children.reduce(0) { $0 + $1.nodes },
      sink: context.makeSink(of: AnyWorkflowAction<WideTree>.self), children: children)
  }

  private var keys: [String] { WideTree.keyCache }
  private static let keyCache = (0..<100).map(String.init)
}

/// A chain of workflows, each rendering the next, `depth` links long; the last renders a counter.
struct Chain: Workflow, Equatable {
  typealias State = Void
  var depth: Int

  func render(state: Void, context: RenderContext<Chain>) -> Counter.Rendering {
    depth == 0
      ? Counter().rendered(in: context) { _ in AnyWorkflowAction<Chain>.noAction }
      : Chain(depth: depth - 1).rendered(in: context)
  }
}

/// Runs a worker that emits from another thread until its run is disposed.
struct Emitter: Workflow {
  var running: TestSupport.Counter
  var emitted: TestSupport.Counter

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<Emitter>) -> Int {
    let running = self.running
    let emitted = self.emitted
    SignalProducer<Int, Never> { observer, lifetime in
      running.increment()
      Thread.detachNewThread {
        while !lifetime.hasEnded {
          observer.send(value: 1)
          emitted.increment()
        }
        running.decrement()
      }
    }.running(in: context) { value in
      AnyWorkflowAction<Emitter> { state in
        state += value
        return nil
      }
    }
    return state
  }
}

@MainActor
@Suite(.tags(.stress), .serialized, .timeLimit(.minutes(10)))
struct StressTests {
  @Test func eightThreadsSendingTogetherLoseNothingAndKeepEachSendersOrder() async {
    let threads = 8
    let perThread = stressCount(100_000)
    let host = WorkflowHost(workflow: OrderedReceiver(senders: threads))
    let sink = host.rendering.value.1
    await Task.detached {
      onThreads(threads) { sender in
        for number in 0..<perThread { sink.send(.init(sender: sender, number: number)) }
      }
    }.value
    await waitUntil {
      host.rendering.value.0.received == threads * perThread
    }
    let state = host.rendering.value.0
    #expect(state.received == threads * perThread)
    #expect(state.outOfOrder == 0)
    #expect(state.next == Array(repeating: perThread, count: threads))
  }

  @Test func sendsToStaleSinksAfterTheirNodeIsGoneAreIgnored() async {
    let keys = (0..<1_000).map(String.init)
    let host = WorkflowHost(workflow: CounterList(keys: keys))
    var outputs: [CounterList.Output] = []
    host.output.observeValues { outputs.append($0) }
    let staleSinks = keys.map { host.rendering.value[$0]!.sink }
    host.update(workflow: CounterList(keys: []))
    #expect(host.rendering.value.isEmpty)
    let sends = stressCount(100_000)
    for index in 0..<sends {
      staleSinks[index % keys.count].send(index.isMultiple(of: 2) ? .increment : .report)
    }
    #expect(outputs.isEmpty)
    host.update(workflow: CounterList(keys: ["0"]))
    let liveSink = host.rendering.value["0"]!.sink
    await Task.detached {
      onThreads(4) { thread in
        for index in 0..<sends / 4 { staleSinks[(index + thread) % keys.count].send(.report) }
      }
      // Sends from other threads reach the main actor in the order they were made: once this
      // one arrives, every stale one before it has arrived too.
      liveSink.send(.report)
    }.value
    await waitUntil { !outputs.isEmpty }
    #expect(outputs == [.child("0", .reported(0))])
  }

  @Test func aWorkerEmittingAMillionValuesDeliversEachInOrder() async {
    let count = stressCount(1_000_000)
    struct Summer: Workflow {
      var count: Int
      struct State: Equatable {
        var received = 0
        var outOfOrder = 0
      }
      func makeInitialState() -> State { State() }
      func render(state: State, context: RenderContext<Summer>) -> State {
        let count = self.count
        SignalProducer<Int, Never> { observer, _ in
          Thread.detachNewThread {
            for value in 0..<count { observer.send(value: value) }
            observer.sendCompleted()
          }
        }.running(in: context, key: "numbers") { value in
          AnyWorkflowAction<Summer> { state in
            if value != state.received { state.outOfOrder += 1 }
            state.received += 1
            return nil
          }
        }
        return state
      }
    }
    let host = WorkflowHost(workflow: Summer(count: count))
    await waitUntil { host.rendering.value.received == count }
    #expect(host.rendering.value.received == count)
    #expect(host.rendering.value.outOfOrder == 0)
  }

  @Test func aWorkerEmittingSynchronouslyAtStartIsHandledAsOneBatch() {
    // One step on the main actor; a tenth of the other worker's count keeps it from holding
    // the main actor (and the tests waiting on it) for long.
    let count = stressCount(100_000)
    let host = WorkflowHost(
      workflow: Collector { context in
        SignalProducer<Int, Never> { observer, _ in
          for value in 0..<count { observer.send(value: value) }
          observer.sendCompleted()
        }.running(in: context, key: "burst") { value in
          AnyWorkflowAction<Collector> { state in
            if state.isEmpty { state.append(0) }
            state[0] += value
            return nil
          }
        }
      })
    #expect(host.rendering.value == [count * (count - 1) / 2])
  }

  @Test func aTreeOfAHundredThousandNodesRendersChangesAndGoesAway() {
    // 1 + 10 + 100 + 1,000 + 10,000 + 100,000 nodes.
    let levels = isThreadSanitizerActive ? 4 : 5
    let expectedNodes = (0...levels).reduce(0) { total, level in
      total + Int(pow(10, Double(level)))
    }
    var host: WorkflowHost<WideTree>? = WorkflowHost(workflow: WideTree(levels: levels, width: 10))
    #expect(host!.rendering.value.nodes == expectedNodes)
    var leaf = host!.rendering.value
    while let first = leaf.children.last { leaf = first }
    leaf.sink.send(
      AnyWorkflowAction { state in
        state += 1
        return nil
      })
    var changed = host!.rendering.value
    while let first = changed.children.last { changed = first }
    #expect(changed.count == 1)
    host!.update(workflow: WideTree(levels: levels - 1, width: 10))
    #expect(host!.rendering.value.nodes == expectedNodes / 10)
    _ = host
    host = nil
  }

  @Test func aChainAtTheSupportedDepthRendersChangesAndGoesAway() {
    // The chain's links sit at depths 0...999 below the root and its counter at 1000, the
    // deepest allowed.
    let links = 1_000
    var host: WorkflowHost<Chain>? = WorkflowHost(workflow: Chain(depth: links - 1))
    for expected in 1...100 {
      host!.rendering.value.sink.send(.increment)
      #expect(host!.rendering.value.count == expected)
    }
    host!.update(workflow: Chain(depth: 10))
    #expect(host!.rendering.value.count == 0)
    host!.update(workflow: Chain(depth: links - 1))
    #expect(host!.rendering.value.count == 0)
    _ = host
    host = nil
  }

  @Test func aChainDeeperThanTheSupportedDepthTrapsNamingTheTypeAndTheDepth() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      // Links at depths 0...1001: the one at 1001 is one too deep.
      await MainActor.run { _ = WorkflowHost(workflow: Chain(depth: 1_001)) }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("Chain would be nested 1001 levels below the root"))
      #expect(message.contains("deeper than the 1000 levels a workflow tree supports"))
      #expect(message.contains("its parent is Chain"))
    }
  }

  @Test func aHostReleasedWhileWorkersStillEmitFromOtherThreadsStopsThem() async {
    let running = TestSupport.Counter()
    let emitted = TestSupport.Counter()
    var host: WorkflowHost<Emitter>? = WorkflowHost(
      workflow: Emitter(running: running, emitted: emitted))
    await waitUntil { emitted.value > stressCount(10_000) && host!.rendering.value > 0 }
    #expect(running.value == 1)
    _ = host
    host = nil
    await waitUntil { running.value == 0 }
    #expect(running.value == 0)
    // Whatever the thread sent while it stopped reached a sink whose node is gone.
    let afterStop = emitted.value
    try? await Task.sleep(for: .milliseconds(20))
    #expect(emitted.value == afterStop)
  }
}
