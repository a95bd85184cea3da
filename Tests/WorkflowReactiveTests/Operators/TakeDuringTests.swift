// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct TakeDuringTests {
  @Test func signalCompletesWhenTheLifetimeEnds() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    let recorder = Recorder<Int, Never>()
    signal.take(during: lifetime).observe(recorder.observer)

    input.send(value: 1)
    token = nil
    input.send(value: 2)

    #expect(recorder.events == [.value(1), .completed])
    _ = token
  }

  @Test func signalPassesFailureBeforeTheLifetimeEnds() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let (lifetime, token) = Lifetime.make()
    let recorder = Recorder<Int, TestError>()
    signal.take(during: lifetime).observe(recorder.observer)

    input.send(error: .boom)

    #expect(recorder.events == [.failed(.boom)])
    withExtendedLifetime(token) {}
  }

  @Test func signalWithAnEndedLifetimeEndsAtOnce() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let taken = signal.take(during: .empty)
    let recorder = Recorder<Int, Never>()
    taken.observe(recorder.observer)

    input.send(value: 1)

    #expect(recorder.events == [.interrupted])
  }

  @Test func producerCompletesAndStopsTheWorkWhenTheLifetimeEnds() {
    let probe = Probe<Int, Never>()
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    let recorder = Recorder<Int, Never>()
    probe.producer.take(during: lifetime).start(recorder.observer)

    probe.input.send(value: 1)
    token = nil

    #expect(recorder.events == [.value(1), .completed])
    #expect(!probe.isRunning)
    _ = token
  }

  @Test func producerWithAnEndedLifetimeCompletesWithoutStartingTheWork() {
    let probe = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()

    probe.producer.take(during: .empty).start(recorder.observer)

    #expect(recorder.events == [.completed])
    #expect(probe.startCount == 0)
  }

  @Test func producerDisposalStopsWatchingTheLifetime() {
    let probe = Probe<Int, Never>()
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    let recorder = Recorder<Int, Never>()
    let disposable = probe.producer.take(during: lifetime).start(recorder.observer)

    disposable.dispose()
    token = nil

    #expect(recorder.events == [.interrupted])
    #expect(!probe.isRunning)
    _ = token
  }
}
