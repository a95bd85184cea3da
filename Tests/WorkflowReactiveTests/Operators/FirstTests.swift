// SPDX-License-Identifier: Apache-2.0

import Dispatch
import TestSupport
import Testing
import WorkflowReactive

@Suite struct FirstTests {
  /// A producer that sends the events of `marbles` at once when started, tick by tick.
  private func synchronous(_ marbles: String) -> SignalProducer<String, MarbleError> {
    let events = Marbles.parse(marbles).flatMap { $0 }
    return SignalProducer { observer, lifetime in
      for event in events where !lifetime.hasEnded { observer.send(event) }
      // Running out of events must not interrupt the run: the test decides how it ends.
      lifetime.observeEnded { withExtendedLifetime(observer) {} }
    }
  }

  @Test func returnsTheFirstValue() {
    #expect(synchronous("abc|").first() == .success("a"))
  }

  @Test func returnsNilWhenTheRunCompletesOrIsInterruptedWithoutAValue() {
    #expect(synchronous("--|").first() == nil)
    #expect(synchronous("-!").first() == nil)
  }

  @Test func returnsTheFailureBeforeAnyValue() {
    #expect(synchronous("-#a").first() == .failure(MarbleError()))
  }

  @Test func stopsTheWorkAfterTheFirstValue() {
    var sent = 0
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      for value in 1...100 where !lifetime.hasEnded {
        sent += 1
        observer.send(value: value)
      }
      observer.sendCompleted()
    }
    #expect(producer.first() == .success(1))
    #expect(sent == 1)
  }

  @Test func releasesTheRunOnceItReturns() {
    let probe = Probe<Int, Never>()
    let input = probe.input
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
      input.send(value: 7)
    }
    // Blocks until the value arrives from the other thread.
    #expect(probe.producer.first() == .success(7))
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
  }

  @Test func waitsForAValueSentLaterOnVirtualTimeFromAnotherThread() {
    let marbles = Marbles()
    let started = DispatchSemaphore(value: 0)
    let producer = marbles.producer("--a|").on(started: { started.signal() })
    let advancing = DispatchQueue(label: "FirstTests.advance")
    advancing.async {
      started.wait()
      marbles.scheduler.advance(by: marbles.tick * 3)
    }
    #expect(producer.first() == .success("a"))
  }
}
