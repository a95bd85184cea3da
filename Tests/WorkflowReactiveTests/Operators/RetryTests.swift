// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct RetryTests {
  let marbles = Marbles()

  @Test func restartsAfterEachFailureAndForwardsTheLastOne() {
    // Each attempt starts where the previous one failed.
    #expect(marbles.record(marbles.producer("a#").retry(upTo: 2)) == "aaa#")
  }

  @Test func anAttemptThatCompletesEndsTheRun() {
    var attempts = 0
    let producer = SignalProducer<Int, TestError> { observer, _ in
      attempts += 1
      if attempts < 3 {
        observer.send(error: .boom)
      } else {
        observer.send(value: attempts)
        observer.sendCompleted()
      }
    }
    let recorder = Recorder<Int, TestError>()
    producer.retry(upTo: 5).start(recorder.observer)
    #expect(recorder.events == [.value(3), .completed])
    #expect(attempts == 3)
  }

  @Test func valuesOfEveryAttemptAreForwarded() {
    #expect(recorded { $0.producer("ab|").retry(upTo: 1) } == "ab|")
    #expect(recorded { $0.producer("a-#").retry(upTo: 1) } == "a-a-#")
  }

  @Test func zeroRetriesForwardsTheFirstFailure() {
    #expect(marbles.record(marbles.producer("a#").retry(upTo: 0)) == "a#")
  }

  @Test func manyImmediateFailuresDoNotNestOnTheStack() {
    var attempts = 0
    let producer = SignalProducer<Int, TestError> { observer, _ in
      attempts += 1
      observer.send(error: .boom)
    }
    let recorder = Recorder<Int, TestError>()
    producer.retry(upTo: 10_000).start(recorder.observer)
    #expect(attempts == 10_001)
    #expect(recorder.events == [.failed(.boom)])
  }

  /// A producer whose attempts are each a fresh pipe, counting the attempts still alive.
  private final class Attempts {
    private(set) var inputs: [Signal<Int, TestError>.Observer] = []
    private(set) var alive = 0
    private(set) var aliveAtStart: [Int] = []
    private(set) weak var lastToken: Token?

    var producer: SignalProducer<Int, TestError> {
      SignalProducer { [self] observer, lifetime in
        aliveAtStart.append(alive)
        alive += 1
        let token = Token()
        lastToken = token
        lifetime.observeEnded { [self] in withExtendedLifetime(token) { alive -= 1 } }
        inputs.append(observer)
      }
    }
  }

  @Test func eachFailedAttemptIsReleasedBeforeTheNextStarts() {
    let attempts = Attempts()
    let recorder = Recorder<Int, TestError>()
    attempts.producer.retry(upTo: 2).start(recorder.observer)

    attempts.inputs[0].send(error: .boom)
    attempts.inputs[1].send(error: .boom)

    #expect(attempts.inputs.count == 3)
    #expect(attempts.aliveAtStart == [0, 0, 0])
    #expect(attempts.alive == 1)
    #expect(recorder.events.isEmpty)
  }

  @Test func disposingTheRunInterruptsItAndStopsTheAttemptInProgress() {
    let attempts = Attempts()
    let recorder = Recorder<Int, TestError>()
    let run = attempts.producer.retry(upTo: 3).start(recorder.observer)
    attempts.inputs[0].send(error: .boom)
    attempts.inputs[1].send(value: 1)

    run.dispose()

    #expect(recorder.events == [.value(1), .interrupted])
    #expect(attempts.inputs.count == 2)
    #expect(attempts.alive == 0)
    #expect(attempts.lastToken == nil)
  }

  @Test func negativeCountTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = SignalProducer<Int, TestError>.empty.retry(upTo: -1)
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "SignalProducer<Int, TestError>.retry(upTo:) received a negative count -1; pass zero "
            + "or more."))
    }
  }
}
