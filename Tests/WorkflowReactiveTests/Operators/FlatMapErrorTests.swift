// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct FlatMapErrorTests {
  @Test func signalSwitchesToTheReplacementOnFailure() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, Never>()
    var handled: [TestError] = []
    signal.flatMapError { error in
      handled.append(error)
      return SignalProducer([8, 9])
    }.observe(recorder.observer)

    input.send(value: 1)
    input.send(error: .boom)

    #expect(handled == [.boom])
    #expect(recorder.events == [.value(1), .value(8), .value(9), .completed])
  }

  @Test func signalPassesCompletionWithoutCallingTheHandler() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder<Int, TestError>()
    var calls = 0
    signal.flatMapError { _ in
      calls += 1
      return .empty
    }.observe(recorder.observer)

    input.sendCompleted()

    #expect(recorder.events == [.completed])
    #expect(calls == 0)
  }

  @Test func producerSwitchesToTheReplacementAfterTheFailedRunEnded() {
    let source = Probe<Int, TestError>()
    let replacement = Probe<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    source.producer.flatMapError { _ in replacement.producer }.start(recorder.observer)

    source.input.send(value: 1)
    source.input.send(error: .boom)
    #expect(!source.isRunning)
    replacement.input.send(value: 2)
    replacement.input.send(error: .other)

    #expect(recorder.events == [.value(1), .value(2), .failed(.other)])
    #expect(!replacement.isRunning)
  }

  @Test func producerPassesInterruptionWithoutCallingTheHandler() {
    let source = Probe<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    var calls = 0
    let disposable = source.producer.flatMapError { _ in
      calls += 1
      return .empty
    }.start(recorder.observer)

    disposable.dispose()

    #expect(recorder.events == [.interrupted])
    #expect(calls == 0)
    #expect(!source.isRunning)
  }

  @Test func producerDisposalStopsTheReplacement() {
    let replacement = Probe<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let disposable = SignalProducer<Int, TestError>(error: .boom)
      .flatMapError { _ in replacement.producer }
      .start(recorder.observer)
    #expect(replacement.isRunning)

    disposable.dispose()

    #expect(recorder.events == [.interrupted])
    #expect(!replacement.isRunning)
    #expect(replacement.lastToken == nil)
  }
}
