// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// ReactiveSwift's operators that were missing, in marbles: values, completion, failure,
/// interruption and disposal.
@Suite struct OperatorCompatibilityTests {
  let marbles = Marbles()

  /// A never-failing signal of `timeline`'s values.
  private func values(_ timeline: String) -> Signal<String, Never> {
    marbles.signal(timeline).flatMapError { _ in .empty }
  }

  // MARK: withLatest(from:)

  @Test func withLatestPairsEachValueWithTheSampleesLatest() {
    let paired = marbles.signal("a-b--c|").withLatest(from: values("-x--y")).map { $0 + $1 }
    #expect(marbles.record(paired) == "--bx--cy|")
  }

  @Test func withLatestIgnoresTheEndOfTheSamplee() {
    let completedSamplee = marbles.signal("-a-b|").withLatest(from: values("x|")).map { $0 + $1 }
    #expect(marbles.record(completedSamplee) == "-ax-bx|")
    let other = Marbles()
    let interruptedSamplee = other.signal("-a|").withLatest(
      from: other.signal("x!").flatMapError { _ in .empty }
    ).map { $0 + $1 }
    #expect(other.record(interruptedSamplee) == "-ax|")
  }

  @Test func withLatestPassesFailureAndInterruption() {
    #expect(
      marbles.record(marbles.signal("-a#").withLatest(from: values("x")).map { $0 + $1 }) == "-ax#")
    let other = Marbles()
    let interrupted = other.signal("-a!").withLatest(
      from: other.signal("x").flatMapError { _ in .empty }
    ).map { $0 + $1 }
    #expect(other.record(interrupted) == "-ax!")
  }

  @Test func withLatestFromAPropertyStartsItFirst() {
    let property = MutableProperty(10)
    var pairs: [String] = []
    SignalProducer<Int, Never>(values: 1, 2).withLatest(from: property).startWithValues {
      pairs.append("\($0)-\($1)")
    }
    #expect(pairs == ["1-10", "2-10"])
  }

  @Test func withLatestDisposesTheSampleeRunWithTheRun() {
    let samplee = Probe<Int, Never>()
    let source = Probe<Int, Never>()
    let run = source.producer.withLatest(from: samplee.producer).start()
    #expect(samplee.isRunning && source.isRunning)
    run.dispose()
    #expect(!samplee.isRunning && !source.isRunning)
    #expect(samplee.lastToken == nil)
  }

  // MARK: sample(with:)

  @Test func sampleWithPairsTheLatestValueWithEachSample() {
    let sampled = marbles.signal("ab--c---").sample(with: values("-x-y-zw")).map { $0 + $1 }
    #expect(marbles.record(sampled) == "-bx-by-czcw")
  }

  @Test func sampleWithCompletesWhenBothHaveCompleted() {
    let sampled = marbles.signal("a|").sample(with: values("--x-|")).map { $0 + $1 }
    #expect(marbles.record(sampled) == "--ax-|")
  }

  @Test func sampleWithFailsWithTheSourceAndIsInterruptedByEither() {
    let failed = marbles.signal("a-#").sample(with: values("-x--x")).map { $0 + $1 }
    #expect(marbles.record(failed) == "-ax#")
    let other = Marbles()
    let interrupted = other.signal("a---").sample(
      with: other.signal("-x!").flatMapError { _ in .empty }
    ).map { $0 + $1 }
    #expect(other.record(interrupted) == "-ax!")
  }

  @Test func sampleOnAProducerForwardsTheLatestValue() {
    let sampled = marbles.signal("ab--c").sample(
      on: marbles.producer("-x-x").map { _ in () }
        .flatMapError { _ in .empty })
    #expect(marbles.record(sampled) == "-b-b")
  }

  @Test func sampleWithDisposesBothRuns() {
    let source = Probe<Int, Never>()
    let sampler = Probe<Int, Never>()
    let run = source.producer.sample(with: sampler.producer).start()
    run.dispose()
    #expect(!source.isRunning && !sampler.isRunning)
  }

  // MARK: take(last:)

  @Test func takeLastSendsTheLastValuesOnCompletion() {
    #expect(marbles.record(marbles.signal("abcd|").take(last: 2)) == "----(cd|)")
    let other = Marbles()
    #expect(other.record(other.signal("ab|").take(last: 0)) == "--|")
  }

  @Test func takeLastDropsItsValuesOnFailureAndInterruption() {
    #expect(marbles.record(marbles.signal("ab#").take(last: 2)) == "--#")
    let other = Marbles()
    #expect(other.record(other.producer("ab!").take(last: 2)) == "--!")
  }

  // MARK: take(untilReplacement:)

  @Test func takeUntilReplacementSwitchesAtTheReplacementsFirstEvent() {
    let replaced = marbles.signal("ab--c").take(untilReplacement: marbles.signal("---xy|"))
    #expect(marbles.record(replaced) == "ab-xy|")
  }

  @Test func takeUntilReplacementForwardsAFailureThatTakesOver() {
    let replaced = marbles.signal("ab-c").take(untilReplacement: marbles.signal("--#"))
    #expect(marbles.record(replaced) == "ab#")
  }

  @Test func takeUntilReplacementDisposesTheOriginalRun() {
    let original = Probe<Int, Never>()
    let (replacement, input) = Signal<Int, Never>.pipe()
    var values: [Int] = []
    let run = original.producer.take(untilReplacement: replacement).startWithValues {
      values.append($0)
    }
    original.input.send(value: 1)
    input.send(value: 2)
    #expect(!original.isRunning)
    original.input.send(value: 3)
    input.send(value: 4)
    #expect(values == [1, 2, 4])
    run.dispose()
  }

  // MARK: merge(with:)

  @Test func mergeWithForwardsBothAndCompletesWithTheLast() {
    let merged = marbles.signal("a-c|").merge(with: marbles.signal("-b--d|"))
    #expect(marbles.record(merged) == "abc-d|")
    let other = Marbles()
    #expect(other.record(other.producer("a--").merge(with: other.producer("-#"))) == "a#")
  }

  // MARK: attempt, attemptMap

  @Test func attemptFailsWithTheErrorItReturns() {
    let checked = marbles.signal("abc|").attempt { value in
      value == "b" ? .failure(MarbleError()) : .success(())
    }
    #expect(marbles.record(checked) == "a#")
  }

  @Test func attemptMapMapsOrFails() {
    let mapped = marbles.producer("ab-c|").attemptMap { value -> Result<String, MarbleError> in
      value == "c" ? .failure(MarbleError()) : .success(value.uppercased())
    }
    #expect(marbles.record(mapped) == "AB-#")
  }

  @Test func throwingAttemptsTurnANeverSignalIntoAFailingOne() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder<Int, any Error>()
    signal.attemptMap { value -> Int in
      if value < 0 { throw TestError.boom }
      return value * 2
    }.attempt { value in if value > 100 { throw TestError.other } }.observe(recorder.observer)
    input.send(value: 1)
    input.send(value: -1)
    input.send(value: 2)
    #expect(recorder.values == [2])
    #expect(recorder.terminal?.error as? TestError == .boom)
  }

  // MARK: repeat

  @Test func repeatRunsTheWorkAgainAfterEachCompletion() {
    #expect(marbles.record(marbles.producer("ab|").repeat(3)) == "ababab|")
    let other = Marbles()
    #expect(other.record(other.producer("ab|").repeat(0)) == "|")
  }

  @Test func repeatStopsAtAFailureOrInterruption() {
    #expect(marbles.record(marbles.producer("a#").repeat(3)) == "a#")
    let other = Marbles()
    #expect(other.record(other.producer("a!").repeat(3)) == "a!")
  }

  @Test func repeatOfASynchronousProducerDoesNotNest() {
    var count = 0
    SignalProducer<Int, Never>(value: 1).repeat(10_000).startWithValues { count += $0 }
    #expect(count == 10_000)
  }

  @Test func disposingARepeatStopsTheRunningWork() {
    let probe = Probe<Int, Never>()
    let run = probe.producer.repeat(5).start()
    run.dispose()
    #expect(!probe.isRunning)
    #expect(probe.startCount == 1)
  }

  // MARK: replayLazily(upTo:)

  @Test func replayLazilyStartsOnFirstStartAndSharesTheRun() {
    let probe = Probe<Int, Never>()
    let replayed = probe.producer.replayLazily(upTo: 2)
    #expect(probe.startCount == 0)

    var first: [Int] = []
    replayed.startWithValues { first.append($0) }
    probe.input.send(value: 1)
    probe.input.send(value: 2)
    probe.input.send(value: 3)
    var second: [Int] = []
    replayed.startWithValues { second.append($0) }
    probe.input.send(value: 4)

    #expect(probe.startCount == 1)
    #expect(first == [1, 2, 3, 4])
    #expect(second == [2, 3, 4])
  }

  @Test func replayLazilyReplaysTheTerminalEvent() {
    let recorder = Recorder<Int, TestError>()
    let replayed = SignalProducer<Int, TestError> { observer, _ in
      for value in 1...3 { observer.send(value: value) }
      observer.send(error: .boom)
    }.replayLazily(upTo: 1)
    replayed.start()
    replayed.start(recorder.observer)
    #expect(recorder.events == [.value(3), .failed(.boom)])
  }

  @Test func replayLazilyKeepsNoValuesWithZeroCapacity() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let replayed = SignalProducer(signal).replayLazily(upTo: 0)
    replayed.start()
    input.send(value: 1)
    var late: [Int] = []
    replayed.startWithValues { late.append($0) }
    input.send(value: 2)
    #expect(late == [2])
  }

  @Test func replayLazilyDisposesTheRunWhenTheProducerAndItsRunsAreGone() {
    let probe = Probe<Int, Never>()
    var replayed: SignalProducer<Int, Never>? = probe.producer.replayLazily(upTo: 1)
    let run = replayed!.start()
    replayed = nil
    #expect(probe.isRunning)
    run.dispose()
    #expect(!probe.isRunning)
    #expect(probe.lastToken == nil)
  }

  // MARK: collect(every:on:skipEmpty:discardWhenCompleted:)

  private func collected(
    _ timeline: String, every ticks: Int, skipEmpty: Bool = false,
    discardWhenCompleted: Bool = true
  ) -> String {
    let collecting = marbles.signal(timeline).collect(
      every: marbles.tick * ticks, on: marbles.scheduler, skipEmpty: skipEmpty,
      discardWhenCompleted: discardWhenCompleted
    ).map { "[" + $0.joined() + "]" }
    return marbles.record(collecting)
  }

  @Test func collectEverySendsEachPeriodsValues() {
    #expect(collected("ab-c-d-|", every: 2) == "--[ab]-[c]-[d]|")
  }

  @Test func collectEverySendsOrSkipsEmptyPeriods() {
    #expect(collected("a----|", every: 2) == "--[a]-[]|")
    #expect(Self().collected("a----|", every: 2, skipEmpty: true) == "--[a]--|")
  }

  @Test func collectEveryFlushesOnCompletionWhenAskedTo() {
    #expect(collected("ab|", every: 5, discardWhenCompleted: false) == "--([ab]|)")
    #expect(Self().collected("ab|", every: 5) == "--|")
  }

  @Test func collectEveryPassesFailureAndInterruption() {
    #expect(collected("a#", every: 5) == "-#")
    #expect(Self().collected("a!", every: 5) == "-!")
  }

  // MARK: retry(upTo:interval:on:)

  @Test func retryWithIntervalWaitsBeforeEachAttempt() {
    let retried = marbles.producer("a#").retry(
      upTo: 2, interval: marbles.tick * 2, on: marbles.scheduler)
    #expect(marbles.record(retried) == "a--a--a#")
  }

  @Test func retryWithIntervalEndsWithACompletion() {
    let retried = marbles.producer("a|").retry(
      upTo: 2, interval: marbles.tick * 2, on: marbles.scheduler)
    #expect(marbles.record(retried) == "a|")
  }

  @Test func disposingDuringTheWaitCancelsTheNextAttempt() {
    var starts = 0
    let failing = SignalProducer<Int, TestError> { observer, _ in
      starts += 1
      observer.send(error: .boom)
    }
    let scheduler = marbles.scheduler
    let run = failing.retry(upTo: 3, interval: .seconds(1), on: scheduler).start()
    run.dispose()
    scheduler.advance(by: .seconds(5))
    #expect(starts == 1)
  }

  @Test func everyRunGetsAllItsRetries() {
    var starts = 0
    let failing = SignalProducer<Int, TestError> { observer, _ in
      starts += 1
      observer.send(error: .boom)
    }
    let retried = failing.retry(upTo: 2, interval: .seconds(1), on: marbles.scheduler)
    retried.start()
    marbles.scheduler.run()
    retried.start()
    marbles.scheduler.run()
    #expect(starts == 6)
  }

  // MARK: Boolean operators

  @Test func andOrNegateCombineTheLatestBooleans() {
    let (left, leftInput) = Signal<Bool, Never>.pipe()
    let (right, rightInput) = Signal<Bool, Never>.pipe()
    var and: [Bool] = []
    var or: [Bool] = []
    var negated: [Bool] = []
    left.and(right).observeValues { and.append($0) }
    left.or(right).observeValues { or.append($0) }
    left.negate().observeValues { negated.append($0) }
    leftInput.send(value: true)
    rightInput.send(value: false)
    rightInput.send(value: true)
    leftInput.send(value: false)
    #expect(and == [false, true, false])
    #expect(or == [true, true, true])
    #expect(negated == [false, true])
  }

  @Test func producerBooleansTakePropertiesToo() {
    let flag = MutableProperty(false)
    var results: [Bool] = []
    SignalProducer<Bool, Never>(value: true).and(flag).startWithValues { results.append($0) }
    SignalProducer<Bool, Never>(value: true).or(flag).startWithValues { results.append($0) }
    SignalProducer<Bool, Never>(value: true).negate().startWithValues { results.append($0) }
    #expect(results == [false, true, false])
  }

  @Test func allAndAnyReduceEveryProducer() {
    let t = SignalProducer<Bool, Never>(value: true)
    let f = SignalProducer<Bool, Never>(value: false)
    #expect(SignalProducer.all(t, t, t).first()?.get() == true)
    #expect(SignalProducer.all([t, f, t]).first()?.get() == false)
    #expect(SignalProducer.any(f, f, t).first()?.get() == true)
    #expect(SignalProducer.any([f, f]).first()?.get() == false)
    #expect(SignalProducer<Bool, Never>.all([]).first()?.get() == true)
    #expect(SignalProducer<Bool, Never>.any([]).first()?.get() == false)
  }

  @Test func allFollowsChangesAndFailsWithAnInput() {
    let a = MutableProperty(true)
    let (b, bInput) = Signal<Bool, TestError>.pipe()
    let recorder = Recorder<Bool, TestError>()
    SignalProducer.all([a.producer.promoteError(TestError.self), SignalProducer(b)]).start(
      recorder.observer)
    bInput.send(value: true)
    a.value = false
    bInput.send(error: .boom)
    #expect(recorder.events == [.value(true), .value(false), .failed(.boom)])
  }

  // MARK: last, single, wait

  @Test func lastSingleAndWaitBlockForTheOutcome() {
    #expect(SignalProducer<Int, Never>(values: 1, 2, 3).last()?.get() == 3)
    #expect(SignalProducer<Int, Never>.empty.last() == nil)
    #expect(SignalProducer<Int, Never>(value: 7).single()?.get() == 7)
    #expect(SignalProducer<Int, Never>(values: 1, 2).single() == nil)
    #expect(SignalProducer<Int, Never>.empty.single() == nil)
    let failing = SignalProducer<Int, TestError>(error: .boom)
    #expect(throws: TestError.boom) { try failing.last()?.get() }
    #expect(throws: TestError.boom) { try failing.single()?.get() }
    #expect(throws: TestError.boom) { try failing.wait().get() }
    #expect(throws: Never.self) { try SignalProducer<Int, TestError>(value: 1).wait().get() }
  }

  @Test func singleStopsTheWorkAtTheSecondValue() {
    let probe = Probe<Int, Never>()
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      observer.send(value: 1)
      observer.send(value: 2)
      lifetime += probe.producer.start()
    }
    #expect(producer.single() == nil)
    #expect(!probe.isRunning)
  }
}
