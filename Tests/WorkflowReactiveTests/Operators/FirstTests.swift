// SPDX-License-Identifier: Apache-2.0

import Dispatch
import TestSupport
import Testing
import WorkflowReactive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  @Test func theRunHasBeenReleasedWhenItReturns() {
    let cleanedUp = Locked(false)
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded {
        // Slow clean-up on the sending thread: first() must wait for it.
        usleep(50_000)
        cleanedUp.withLock { $0 = true }
      }
      DispatchQueue.global().async { observer.send(value: 7) }
    }
    #expect(producer.first() == .success(7))
    #expect(cleanedUp.current)
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
