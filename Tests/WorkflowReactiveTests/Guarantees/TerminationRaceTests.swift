// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// Contracts: events are serial and disposal is final, under contention. Many threads send
/// while another ends the stream: the observer gets exactly one terminal event, nothing after
/// it, and no value lost before it.
@Suite struct TerminationRaceTests {
  private static let senders = 3

  /// Checks the events of one race. `complete` is the sender whose values all happened before
  /// the terminal event was sent, so all of them must have been delivered.
  private static func check(
    _ recorder: EventRecorder<Int, Never>, counts: [Int], complete: Int, seed: UInt64
  ) {
    let events = recorder.events
    #expect(recorder.terminalEvents == [.interrupted], "seed \(seed)")
    #expect(events.last == .interrupted, "seed \(seed)")
    #expect(recorder.eventsAfterTermination == 0, "seed \(seed)")
    #expect(recorder.overlappingCalls == 0, "seed \(seed)")
    let values = recorder.values
    for sender in 0..<senders {
      let fromSender = values.filter { $0 / 1_000 == sender }.map { $0 % 1_000 }
      // Each sender's delivered values are a gap-free prefix of what it sent.
      #expect(fromSender == Array(0..<fromSender.count), "seed \(seed), sender \(sender)")
      if sender == complete {
        #expect(fromSender.count == counts[sender], "seed \(seed): values lost before the end")
      }
    }
  }

  private static func counts(using random: inout SplitMix64) -> [Int] {
    (0..<senders).map { _ in Int.random(in: 1..<60, using: &random) }
  }

  @Test func signalSendersRacingAnInterrupt() {
    withEvery(seed: 0..<1_000) { seed, random in
      let (signal, input) = Signal<Int, Never>.pipe()
      let recorder = EventRecorder<Int, Never>()
      signal.observe(recorder.observer)
      let counts = Self.counts(using: &random)
      let completeSenderDone = Counter()
      onThreads(Self.senders + 1) { thread in
        if thread == Self.senders {
          while completeSenderDone.value == 0 {}
          input.sendInterrupted()
          return
        }
        for step in 0..<counts[thread] { input.send(value: thread * 1_000 + step) }
        if thread == 0 { completeSenderDone.increment() }
      }
      Self.check(recorder, counts: counts, complete: 0, seed: seed)
    }
  }

  @Test func producerSendersRacingADisposal() {
    withEvery(seed: 0..<1_000) { seed, random in
      var input: Signal<Int, Never>.Observer?
      let recorder = EventRecorder<Int, Never>()
      let disposable = SignalProducer<Int, Never> { observer, _ in input = observer }
        .start(recorder.observer)
      let runInput = input!
      input = nil
      let counts = Self.counts(using: &random)
      let completeSenderDone = Counter()
      onThreads(Self.senders + 1) { thread in
        if thread == Self.senders {
          while completeSenderDone.value == 0 {}
          disposable.dispose()
          return
        }
        for step in 0..<counts[thread] { runInput.send(value: thread * 1_000 + step) }
        if thread == 0 { completeSenderDone.increment() }
      }
      Self.check(recorder, counts: counts, complete: 0, seed: seed)
    }
  }
}
