// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct SampleTests {
  let marbles = Marbles()

  /// A sampler that fires at the ticks where `marbles` has a mark other than `-`.
  private func sampler(_ timeline: String) -> Signal<(), Never> {
    marbles.signal(timeline).map { _ in () }.flatMapError { _ in .empty }
  }

  @Test func sendsTheLatestValueOnEachSample() {
    let sampled = marbles.signal("ab--c---").sample(on: sampler("-x-x-xx"))
    #expect(marbles.record(sampled) == "-b-b-cc")
  }

  @Test func aSampleBeforeTheFirstValueSendsNothing() {
    let sampled = marbles.signal("--a").sample(on: sampler("x--x"))
    #expect(marbles.record(sampled) == "---a")
  }

  @Test func completesOnlyWhenBothHaveCompleted() {
    let sampled = marbles.signal("a|").sample(on: sampler("--x-|"))
    #expect(marbles.record(sampled) == "--a-|")
    let other = Marbles()
    let early = other.signal("a---|").sample(
      on: other.signal("-x|").map { _ in () }.flatMapError { _ in .empty })
    #expect(other.record(early) == "-a--|")
  }

  @Test func failsWhenTheSourceFailsAndIsInterruptedWhenEitherIs() {
    #expect(marbles.record(marbles.signal("a-#").sample(on: sampler("-x--x"))) == "-a#")
    let second = Marbles()
    let interrupted = second.signal("a---").sample(
      on: second.signal("-x!").map { _ in () }.flatMapError { _ in .empty })
    #expect(second.record(interrupted) == "-a!")
  }

  @Test func terminationReleasesTheLatestValue() {
    let (signal, input) = Signal<Token, Never>.pipe()
    let (samples, sample) = Signal<(), Never>.pipe()
    var received = 0
    signal.sample(on: samples).observeValues { _ in received += 1 }
    weak var latest: Token?
    do {
      let token = Token()
      latest = token
      input.send(value: token)
    }
    sample.send(value: ())
    #expect(received == 1)
    #expect(latest != nil)

    sample.sendInterrupted()

    #expect(latest == nil)
  }

  @Test func producerSamplesOnASignal() {
    let (samples, sample) = Signal<(), Never>.pipe()
    let probe = Probe<Int, Never>()
    var values: [Int] = []
    probe.producer.sample(on: samples).startWithValues { values.append($0) }
    probe.input.send(value: 1)
    sample.send(value: ())
    probe.input.send(value: 2)
    probe.input.send(value: 3)
    sample.send(value: ())
    #expect(values == [1, 3])
  }

  @Test func producerSamplesOnAProducerOnVirtualTime() {
    let sampled = marbles.producer("ab-c|").sample(
      on: marbles.producer("-x-x-x|").map { _ in () }
        .flatMapError { _ in .empty })
    #expect(marbles.record(sampled) == "-b-c-c|")
  }

  @Test func disposingARunInterruptsItAndStopsBothRuns() {
    let probe = Probe<Int, Never>()
    let samplerProbe = Probe<(), Never>()
    let recorder = Recorder<Int, Never>()
    let run = probe.producer.sample(on: samplerProbe.producer).start(recorder.observer)
    #expect(samplerProbe.isRunning)

    run.dispose()

    #expect(recorder.terminal.map { "\($0)" } == "interrupted")
    #expect(!probe.isRunning)
    #expect(!samplerProbe.isRunning)
    #expect(samplerProbe.lastToken == nil)
  }
}
