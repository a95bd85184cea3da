// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

@Suite struct CombineLatestTests {
  @Test func signalSendsOnceEveryInputHasSent() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<String, Never>.pipe()
    var values: [String] = []
    Signal.combineLatest(a, b).observeValues { values.append("\($0)\($1)") }

    aInput.send(value: 1)
    aInput.send(value: 2)
    bInput.send(value: "x")
    aInput.send(value: 3)
    bInput.send(value: "y")

    #expect(values == ["2x", "3x", "3y"])
  }

  @Test func signalCompletesWhenAllInputsComplete() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    var values: [[Int]] = []
    var completed = false
    a.combineLatest(with: b).on(completed: { completed = true }).observeValues {
      values.append([$0, $1])
    }

    aInput.send(value: 1)
    bInput.send(value: 2)
    aInput.sendCompleted()
    bInput.send(value: 3)
    #expect(!completed)
    bInput.sendCompleted()

    #expect(values == [[1, 2], [1, 3]])
    #expect(completed)
  }

  @Test func signalOfThreeSendsTriples() {
    let (a, aInput) = Signal<Int, TestError>.pipe()
    let (b, bInput) = Signal<Int, TestError>.pipe()
    let (c, cInput) = Signal<Int, TestError>.pipe()
    var values: [[Int]] = []
    var failure: TestError?
    Signal.combineLatest(a, b, c).observe { event in
      switch event {
      case .value(let (x, y, z)): values.append([x, y, z])
      case .failed(let error): failure = error
      default: break
      }
    }

    aInput.send(value: 1)
    bInput.send(value: 2)
    cInput.send(value: 3)
    bInput.send(value: 4)
    cInput.send(error: .boom)

    #expect(values == [[1, 2, 3], [1, 4, 3]])
    #expect(failure == .boom)
  }

  @Test func signalFailureReleasesTheOtherInputsObservation() {
    let (a, aInput) = Signal<Int, TestError>.pipe()
    let (b, _) = Signal<Int, TestError>.pipe()
    weak var combinedCore: SignalCore<(Int, Int), TestError>?
    do {
      let combined = Signal.combineLatest(a, b)
      combinedCore = combined.core
      combined.observe { _ in }
    }

    aInput.send(error: .boom)

    #expect(combinedCore == nil)
    _ = b
  }

  @Test func producerSendsTuplesAndCompletesWhenAllComplete() {
    var values: [String] = []
    var completed = false
    SignalProducer.combineLatest(
      SignalProducer<Int, Never>([1, 2]), SignalProducer<String, Never>(["a", "b"])
    ).start { event in
      switch event {
      case .value(let (number, letter)): values.append("\(number)\(letter)")
      case .completed: completed = true
      default: break
      }
    }

    #expect(values == ["2a", "2b"])
    #expect(completed)
  }

  @Test func producerInterruptionDisposesTheOtherInputs() {
    let a = Probe<Int, Never>()
    let b = Probe<Int, Never>()
    let c = Probe<Int, Never>()
    var interrupted = false
    SignalProducer.combineLatest(a.producer, b.producer, c.producer)
      .startWithInterrupted { interrupted = true }

    b.input.sendInterrupted()

    #expect(interrupted)
    #expect(!a.isRunning)
    #expect(!c.isRunning)
  }

  @Test func producerDisposalStopsBothInputs() {
    let a = Probe<Int, TestError>()
    let b = Probe<Int, TestError>()
    let disposable = a.producer.combineLatest(with: b.producer).start()

    disposable.dispose()

    #expect(a.lastToken == nil)
    #expect(b.lastToken == nil)
  }

  @Test func signalSendsTuplesInArrivalOrderFromSeveralThreads() async {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    // Each input only grows, so tuples that left out of order would show a component shrinking.
    let isOrdered = Locked(true)
    let last = Locked((0, 0))
    Signal.combineLatest(a, b).observeValues { pair in
      last.withLock { previous in
        if pair.0 < previous.0 || pair.1 < previous.1 { isOrdered.withLock { $0 = false } }
        previous = pair
      }
    }

    await withTaskGroup(of: Void.self) { group in
      for input in [aInput, bInput] {
        group.addTask {
          for value in 1...500 { input.send(value: value) }
        }
      }
    }

    #expect(isOrdered.current)
    #expect(last.current == (500, 500))
  }
}
