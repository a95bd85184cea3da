// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards at most one value per `interval`: the first at once, then the latest of each
  /// window at the window's end.
  ///
  /// A value arriving after a quiet `interval` passes at once (through `scheduler`); values
  /// arriving sooner wait until `interval` after the previous forwarded value, and only the
  /// latest of them is sent. Terminal events pass through `scheduler` without delay and drop a
  /// value still waiting.
  ///
  /// - Parameters:
  ///   - interval: The least time between two forwarded values; must not be negative.
  ///   - scheduler: The scheduler that measures the time and delivers the values.
  public func throttle(
    _ interval: Duration,
    on scheduler: any DateScheduler
  ) -> Signal<Value, Error> {
    liftAsynchronous(throttleTransform(interval, scheduler))
  }

  /// Forwards at most one value per `interval` seconds: the first at once, then the latest of
  /// each window at the window's end.
  ///
  /// The same as ``throttle(_:on:)-(Duration,_)`` with a `TimeInterval`.
  ///
  /// - Parameters:
  ///   - interval: The least number of seconds between two forwarded values; must not be
  ///     negative.
  ///   - scheduler: The scheduler that measures the time and delivers the values.
  public func throttle(
    _ interval: Double,
    on scheduler: any DateScheduler
  ) -> Signal<Value, Error> {
    throttle(duration(seconds: interval, in: "throttle(_:on:)"), on: scheduler)
  }
}

extension SignalProducer {
  /// Forwards at most one value of each run per `interval`: the first at once, then the latest
  /// of each window at the window's end.
  ///
  /// A value arriving after a quiet `interval` passes at once (through `scheduler`); values
  /// arriving sooner wait until `interval` after the previous forwarded value, and only the
  /// latest of them is sent. Terminal events pass through `scheduler` without delay and drop a
  /// value still waiting.
  ///
  /// - Parameters:
  ///   - interval: The least time between two forwarded values; must not be negative.
  ///   - scheduler: The scheduler that measures the time and delivers the values.
  public func throttle(
    _ interval: Duration,
    on scheduler: any DateScheduler
  ) -> SignalProducer<Value, Error> {
    liftAsynchronous(throttleTransform(interval, scheduler))
  }

  /// Forwards at most one value of each run per `interval` seconds: the first at once, then
  /// the latest of each window at the window's end.
  ///
  /// The same as ``throttle(_:on:)-(Duration,_)`` with a `TimeInterval`.
  ///
  /// - Parameters:
  ///   - interval: The least number of seconds between two forwarded values; must not be
  ///     negative.
  ///   - scheduler: The scheduler that measures the time and delivers the values.
  public func throttle(
    _ interval: Double,
    on scheduler: any DateScheduler
  ) -> SignalProducer<Value, Error> {
    throttle(duration(seconds: interval, in: "throttle(_:on:)"), on: scheduler)
  }
}

private struct ThrottleState<Value> {
  var lastSent: ContinuousClock.Instant?
  var waiting: Value?
}

private func throttleTransform<Value, Error>(
  _ interval: Duration,
  _ scheduler: any DateScheduler
) -> ObserverTransform<Value, Error, Value, Error> {
  precondition(
    interval >= .zero, "throttle(_:on:): interval \(interval) is negative; pass zero or more.")
  return { downstream, lifetime in
    let state = Locked(ThrottleState<Value>())
    let timer = SerialDisposable()
    lifetime += timer

    return Signal.Observer { event in
      guard case .value(let value) = event else {
        timer.inner = scheduler.schedule { downstream.send(event) }
        return
      }
      let now = scheduler.now
      let date = state.withLock { state in
        state.waiting = value
        guard let lastSent = state.lastSent else { return now }
        return max(lastSent + interval, now)
      }
      timer.inner = scheduler.schedule(after: date) {
        let value = state.withLock { state -> Value? in
          defer { state.waiting = nil }
          if state.waiting != nil { state.lastSent = date }
          return state.waiting
        }
        if let value { downstream.send(value: value) }
      }
    }
  }
}
