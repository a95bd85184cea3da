// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

// Generic code over streams, as code ported from ReactiveSwift writes it.
extension SignalProtocol where Value == Int {
  fileprivate var doubled: Signal<Int, Error> { signal.map { $0 * 2 } }
}

extension SignalProducerProtocol where Value == Int {
  fileprivate var doubled: SignalProducer<Int, Error> { producer.map { $0 * 2 } }
}

private func firstValues<Source: SignalProducerConvertible>(
  of source: Source, count: Int
) -> [Source.Value] where Source.Error == Never {
  var values: [Source.Value] = []
  source.producer.take(first: count).startWithValues { values.append($0) }
  return values
}

@Suite struct StreamProtocolsTests {
  @Test func aSignalIsItsOwnSignal() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    #expect(signal.signal.core === signal.core)
    var values: [Int] = []
    signal.doubled.observeValues { values.append($0) }
    input.send(value: 2)
    #expect(values == [4])
  }

  @Test func aProducerIsItsOwnProducer() {
    var values: [Int] = []
    SignalProducer<Int, TestError>(values: 1, 2).doubled.startWithValues { values.append($0) }
    #expect(values == [2, 4])
  }

  @Test func aSignalsProducerForwardsFromItsStart() {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.send(value: 1)
    var values: [Int] = []
    let run = signal.producer.startWithValues { values.append($0) }
    input.send(value: 2)
    run.dispose()
    input.send(value: 3)
    #expect(values == [2])
  }

  @Test func signalsAndProducersAreProducerConvertible() {
    #expect(firstValues(of: SignalProducer(values: 1, 2, 3), count: 2) == [1, 2])
    let (signal, _) = Signal<Int, Never>.pipe()
    #expect(firstValues(of: signal, count: 1).isEmpty)
  }
}

extension StreamProtocolsTests {
  @Test func propertiesAreProducerConvertible() {
    #expect(firstValues(of: MutableProperty(5), count: 1) == [5])
    #expect(firstValues(of: Property(value: "p"), count: 1) == ["p"])
  }
}
