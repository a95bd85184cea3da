// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Delays values and completion by `interval` on `scheduler`; failure and interruption pass
  /// through `scheduler` without delay.
  ///
  /// A failure therefore overtakes values still being delayed, which are then dropped.
  ///
  /// - Parameters:
  ///   - interval: How long to hold each value and the completion; must not be negative.
  ///   - scheduler: The scheduler that measures the delay and delivers the events.
  public func delay(
    _ interval: Duration,
    on scheduler: any DateScheduler
  ) -> Signal<Value, Error> {
    liftAsynchronous(delayTransform(interval, scheduler))
  }

  /// Delays values and completion by `interval` seconds on `scheduler`; failure and
  /// interruption pass through `scheduler` without delay.
  ///
  /// The same as ``delay(_:on:)-(Duration,_)`` with a `TimeInterval`.
  ///
  /// - Parameters:
  ///   - interval: How many seconds to hold each value and the completion; must not be
  ///     negative.
  ///   - scheduler: The scheduler that measures the delay and delivers the events.
  public func delay(
    _ interval: Double,
    on scheduler: any DateScheduler
  ) -> Signal<Value, Error> {
    delay(duration(seconds: interval, in: "delay(_:on:)"), on: scheduler)
  }
}

extension SignalProducer {
  /// Delays each run's values and completion by `interval` on `scheduler`; failure and
  /// interruption pass through `scheduler` without delay.
  ///
  /// A failure therefore overtakes values still being delayed, which are then dropped.
  /// Disposing a run cancels the events still being delayed.
  ///
  /// - Parameters:
  ///   - interval: How long to hold each value and the completion; must not be negative.
  ///   - scheduler: The scheduler that measures the delay and delivers the events.
  public func delay(
    _ interval: Duration,
    on scheduler: any DateScheduler
  ) -> SignalProducer<Value, Error> {
    liftAsynchronous(delayTransform(interval, scheduler))
  }

  /// Delays each run's values and completion by `interval` seconds on `scheduler`; failure and
  /// interruption pass through `scheduler` without delay.
  ///
  /// The same as ``delay(_:on:)-(Duration,_)`` with a `TimeInterval`.
  ///
  /// - Parameters:
  ///   - interval: How many seconds to hold each value and the completion; must not be
  ///     negative.
  ///   - scheduler: The scheduler that measures the delay and delivers the events.
  public func delay(
    _ interval: Double,
    on scheduler: any DateScheduler
  ) -> SignalProducer<Value, Error> {
    delay(duration(seconds: interval, in: "delay(_:on:)"), on: scheduler)
  }
}

private func delayTransform<Value, Error>(
  _ interval: Duration,
  _ scheduler: any DateScheduler
) -> ObserverTransform<Value, Error, Value, Error> {
  precondition(
    interval >= .zero, "delay(_:on:): interval \(interval) is negative; pass zero or more.")
  return { downstream, lifetime in
    let pending = ScheduledActions(lifetime: lifetime)
    return Signal.Observer { event in
      switch event {
      case .value, .completed:
        pending.schedule(on: scheduler, after: scheduler.now + interval) {
          downstream.send(event)
        }
      case .failed, .interrupted:
        pending.schedule(on: scheduler) { downstream.send(event) }
      }
    }
  }
}
