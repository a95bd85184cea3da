// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

/// Contract: values are never sent recursively. A value sent to a signal from inside the
/// delivery of one of its own events traps, with a message naming the signal type and the
/// remedy, in every build configuration.
@Suite struct NoRecursiveValuesTests {
  @Test func valueSentToASignalFromItsOwnObserverTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (signal, input) = Signal<Int, Never>.pipe()
      signal.observeValues { input.send(value: $0 + 1) }
      input.send(value: 1)
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("Signal<Int, Never> received a value recursively"))
      #expect(message.contains("observe(on:)"))
    }
  }

  @Test func valueSentThroughADerivedSignalTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (signal, input) = Signal<Int, Never>.pipe()
      signal.map { $0 * 2 }.observeValues { input.send(value: $0) }
      input.send(value: 1)
    }.map { result in
      // The derived signal shares the upstream's lock, so the upstream sees the recursion.
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("Signal<Int, Never> received a value recursively"))
    }
  }

  @Test func valueSentFromATerminalObserverIsDropped() {
    // After the terminal event nothing is delivered, so this is not a recursive value.
    let (signal, input) = Signal<Int, Never>.pipe()
    var values: [Int] = []
    signal.observeValues { values.append($0) }
    signal.observeCompleted { input.send(value: 9) }
    input.sendCompleted()
    #expect(values.isEmpty)
  }

  @Test func valueSentToAProducerRunFromItsObserverTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var input: Signal<Int, Never>.Observer?
      SignalProducer<Int, Never> { observer, _ in input = observer }
        .startWithValues { input?.send(value: $0 + 1) }
      input?.send(value: 1)
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("Signal<Int, Never> received a value recursively"))
    }
  }

  @Test func sendingToAnotherSignalFromAnObserverIsAllowed() {
    let (first, firstInput) = Signal<Int, Never>.pipe()
    let (second, secondInput) = Signal<Int, Never>.pipe()
    var received: [Int] = []
    first.observeValues { secondInput.send(value: $0 * 10) }
    second.observeValues { received.append($0) }
    firstInput.send(value: 1)
    #expect(received == [10])
  }
}
