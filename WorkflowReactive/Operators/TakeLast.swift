// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Keeps the last `count` values and sends them when the signal completes, then completes.
  ///
  /// A failure or interruption passes through at once and the kept values are dropped.
  ///
  /// - Parameter count: How many values to keep; must not be negative.
  public func take(last count: Int) -> Signal<Value, Error> {
    checkTakeLastCount(count, in: "Signal<\(Value.self), \(Error.self)>")
    return lift(takeLastTransform(count))
  }
}

extension SignalProducer {
  /// Keeps the last `count` values of the run and sends them when it completes, then
  /// completes.
  ///
  /// A failure or interruption passes through at once and the kept values are dropped.
  ///
  /// - Parameter count: How many values to keep; must not be negative.
  public func take(last count: Int) -> SignalProducer<Value, Error> {
    checkTakeLastCount(count, in: "SignalProducer<\(Value.self), \(Error.self)>")
    return lift(takeLastTransform(count))
  }
}

private func checkTakeLastCount(_ count: Int, in type: @autoclosure () -> String) {
  precondition(
    count >= 0, "\(type()).take(last:) received a negative count \(count); pass zero or more.")
}

private func takeLastTransform<Value, Error>(
  _ count: Int
) -> ObserverTransform<Value, Error, Value, Error> {
  { downstream, _ in
    var kept = FIFOQueue<Value>()
    var keptCount = 0
    return Signal.Observer { event in
      switch event {
      case .value(let value):
        guard count > 0 else { return }
        if keptCount == count {
          _ = kept.popFirst()
        } else {
          keptCount += 1
        }
        kept.append(value)
      case .completed:
        while let value = kept.popFirst() { downstream.send(value: value) }
        downstream.sendCompleted()
      case .failed, .interrupted:
        kept.removeAll()
        downstream.send(event)
      }
    }
  }
}
