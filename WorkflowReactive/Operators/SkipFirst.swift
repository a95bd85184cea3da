// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Drops the first `count` values, then forwards everything.
  ///
  /// Terminal events pass through at once, however many values were dropped.
  ///
  /// - Parameter count: How many values to drop; must not be negative. Zero returns this
  ///   signal.
  public func skip(first count: Int) -> Signal<Value, Error> {
    checkSkipCount(count, in: "Signal<\(Value.self), \(Error.self)>")
    guard count > 0 else { return self }
    return lift(skipFirstTransform(count))
  }
}

extension SignalProducer {
  /// Drops the first `count` values of each run, then forwards everything.
  ///
  /// Terminal events pass through at once, however many values were dropped.
  ///
  /// - Parameter count: How many values to drop; must not be negative. Zero returns this
  ///   producer.
  public func skip(first count: Int) -> SignalProducer<Value, Error> {
    checkSkipCount(count, in: "SignalProducer<\(Value.self), \(Error.self)>")
    guard count > 0 else { return self }
    return lift(skipFirstTransform(count))
  }
}

private func checkSkipCount(_ count: Int, in type: @autoclosure () -> String) {
  precondition(
    count >= 0,
    "\(type()).skip(first:) received a negative count \(count); pass zero or more.")
}

private func skipFirstTransform<Value, Error>(
  _ count: Int
) -> ObserverTransform<Value, Error, Value, Error> {
  { downstream, _ in
    var remaining = count
    return Signal.Observer { event in
      if case .value = event, remaining > 0 {
        remaining -= 1
        return
      }
      downstream.send(event)
    }
  }
}
