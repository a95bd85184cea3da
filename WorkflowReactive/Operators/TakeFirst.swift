// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards the first `count` values, then completes.
  ///
  /// With a `count` of zero the result is interrupted at once. Completing early stops the
  /// observation of this signal.
  ///
  /// - Parameter count: How many values to forward; must not be negative.
  public func take(first count: Int) -> Signal<Value, Error> {
    checkTakeCount(count, in: "Signal<\(Value.self), \(Error.self)>")
    return lift(takeFirstTransform(count))
  }
}

extension SignalProducer {
  /// Forwards the first `count` values, then completes and stops the work.
  ///
  /// With a `count` of zero each run is interrupted at once without starting the work.
  ///
  /// - Parameter count: How many values to forward; must not be negative.
  public func take(first count: Int) -> SignalProducer<Value, Error> {
    checkTakeCount(count, in: "SignalProducer<\(Value.self), \(Error.self)>")
    guard count > 0 else { return .interrupted }
    return lift(takeFirstTransform(count))
  }
}

private func checkTakeCount(_ count: Int, in type: @autoclosure () -> String) {
  precondition(
    count >= 0,
    "\(type()).take(first:) received a negative count \(count); pass zero or more.")
}

private func takeFirstTransform<Value, Error>(
  _ count: Int
) -> ObserverTransform<Value, Error, Value, Error> {
  { downstream, _ in
    var remaining = count
    // Nothing can be taken: like ReactiveSwift, the result is interrupted rather than complete.
    if remaining == 0 { downstream.sendInterrupted() }
    return Signal.Observer { event in
      // After the last value, events still in flight from the upstream are dropped: it stops
      // when the completion ends the shared lifetime.
      guard remaining > 0 else { return }
      guard case .value(let value) = event else {
        remaining = 0
        downstream.send(event)
        return
      }
      remaining -= 1
      downstream.send(value: value)
      if remaining == 0 { downstream.sendCompleted() }
    }
  }
}
