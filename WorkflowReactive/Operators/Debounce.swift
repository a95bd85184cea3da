// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Forwards a value only once `interval` has passed without a newer value.
  ///
  /// Each value restarts the wait, so a burst of values yields its last one, `interval` after
  /// the burst. Terminal events pass through `scheduler` without delay.
  ///
  /// - Parameters:
  ///   - interval: How long the signal must stay quiet; must not be negative.
  ///   - scheduler: The scheduler that measures the time and delivers the values.
  ///   - discardWhenCompleted: Whether a value still waiting when the signal completes is
  ///     dropped (the default) or sent when its interval ends, followed by the completion.
  public func debounce(
    _ interval: Duration,
    on scheduler: any DateScheduler,
    discardWhenCompleted: Bool = true
  ) -> Signal<Value, Error> {
    liftAsynchronous(debounceTransform(interval, scheduler, discardWhenCompleted))
  }

  /// Forwards a value only once `interval` seconds have passed without a newer value.
  ///
  /// The same as ``debounce(_:on:discardWhenCompleted:)-(Duration,_,_)`` with a
  /// `TimeInterval`.
  ///
  /// - Parameters:
  ///   - interval: How many seconds the signal must stay quiet; must not be negative.
  ///   - scheduler: The scheduler that measures the time and delivers the values.
  ///   - discardWhenCompleted: Whether a value still waiting when the signal completes is
  ///     dropped (the default) or sent when its interval ends, followed by the completion.
  public func debounce(
    _ interval: Double,
    on scheduler: any DateScheduler,
    discardWhenCompleted: Bool = true
  ) -> Signal<Value, Error> {
    debounce(
      duration(seconds: interval, in: "debounce(_:on:)"), on: scheduler,
      discardWhenCompleted: discardWhenCompleted)
  }
}

extension SignalProducer {
  /// Forwards a value of each run only once `interval` has passed without a newer value.
  ///
  /// Each value restarts the wait, so a burst of values yields its last one, `interval` after
  /// the burst. Terminal events pass through `scheduler` without delay.
  ///
  /// - Parameters:
  ///   - interval: How long the run must stay quiet; must not be negative.
  ///   - scheduler: The scheduler that measures the time and delivers the values.
  ///   - discardWhenCompleted: Whether a value still waiting when the run completes is dropped
  ///     (the default) or sent when its interval ends, followed by the completion.
  public func debounce(
    _ interval: Duration,
    on scheduler: any DateScheduler,
    discardWhenCompleted: Bool = true
  ) -> SignalProducer<Value, Error> {
    liftAsynchronous(debounceTransform(interval, scheduler, discardWhenCompleted))
  }

  /// Forwards a value of each run only once `interval` seconds have passed without a newer
  /// value.
  ///
  /// The same as ``debounce(_:on:discardWhenCompleted:)-(Duration,_,_)`` with a
  /// `TimeInterval`.
  ///
  /// - Parameters:
  ///   - interval: How many seconds the run must stay quiet; must not be negative.
  ///   - scheduler: The scheduler that measures the time and delivers the values.
  ///   - discardWhenCompleted: Whether a value still waiting when the run completes is dropped
  ///     (the default) or sent when its interval ends, followed by the completion.
  public func debounce(
    _ interval: Double,
    on scheduler: any DateScheduler,
    discardWhenCompleted: Bool = true
  ) -> SignalProducer<Value, Error> {
    debounce(
      duration(seconds: interval, in: "debounce(_:on:)"), on: scheduler,
      discardWhenCompleted: discardWhenCompleted)
  }
}

private func debounceTransform<Value, Error>(
  _ interval: Duration,
  _ scheduler: any DateScheduler,
  _ discardWhenCompleted: Bool
) -> ObserverTransform<Value, Error, Value, Error> {
  precondition(
    interval >= .zero, "debounce(_:on:): interval \(interval) is negative; pass zero or more.")
  return { downstream, lifetime in
    // The generation tells a timer that fired late, racing a newer value, that its value has
    // been superseded. The date is when the waiting value is due.
    let waiting = Locked<(value: Value, generation: UInt64, due: ContinuousClock.Instant)?>(nil)
    var generation: UInt64 = 0
    let timer = SerialDisposable()
    lifetime += timer

    func takeWaiting(of expected: UInt64?) -> (value: Value, due: ContinuousClock.Instant)? {
      waiting.withLock { waiting in
        guard let current = waiting, expected == nil || current.generation == expected else {
          return nil
        }
        waiting = nil
        return (current.value, current.due)
      }
    }

    return Signal.Observer { event in
      switch event {
      case .value(let value):
        generation &+= 1
        let current = generation
        let due = scheduler.now + interval
        waiting.withLock { $0 = (value, current, due) }
        timer.inner = scheduler.schedule(after: due) {
          if let waiting = takeWaiting(of: current) { downstream.send(value: waiting.value) }
        }
      case .completed:
        // A value kept on completion is sent when its own interval ends, as if the stream had
        // stayed open; the completion follows it.
        if !discardWhenCompleted, let waiting = takeWaiting(of: nil) {
          timer.inner = scheduler.schedule(after: waiting.due) {
            downstream.send(value: waiting.value)
            downstream.sendCompleted()
          }
        } else {
          timer.inner = scheduler.schedule { downstream.sendCompleted() }
        }
      case .failed, .interrupted:
        timer.inner = scheduler.schedule { downstream.send(event) }
      }
    }
  }
}
