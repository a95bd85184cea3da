// SPDX-License-Identifier: Apache-2.0

extension SignalProducer where Value == ContinuousClock.Instant, Error == Never {
  /// A producer that sends the scheduler's current date every `interval` until disposed.
  ///
  /// The first value comes one `interval` after the run starts. The run never completes.
  ///
  /// ```swift
  /// let ticks = SignalProducer.timer(interval: .seconds(1), on: QueueScheduler.main)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between values; must be positive.
  ///   - scheduler: The scheduler that measures the time and sends the values.
  ///   - leeway: How late each value may be, which lets the system coalesce timers; a tenth of
  ///     `interval` when `nil`.
  public static func timer(
    interval: Duration,
    on scheduler: any DateScheduler,
    leeway: Duration? = nil
  ) -> SignalProducer {
    precondition(
      interval > .zero,
      "SignalProducer.timer(interval:on:): interval \(interval) is not positive; pass more "
        + "than zero.")
    return SignalProducer { observer, lifetime in
      lifetime += scheduler.schedule(
        after: scheduler.currentDate + interval,
        interval: interval,
        leeway: leeway ?? interval / 10
      ) {
        observer.send(value: scheduler.currentDate)
      }
    }
  }

  /// A producer that sends the scheduler's current date every `interval` seconds until
  /// disposed.
  ///
  /// The same as ``timer(interval:on:leeway:)-(Duration,_,_)`` with `TimeInterval`s.
  ///
  /// - Parameters:
  ///   - interval: The number of seconds between values; must be positive.
  ///   - scheduler: The scheduler that measures the time and sends the values.
  ///   - leeway: How many seconds late each value may be; a tenth of `interval` when `nil`.
  public static func timer(
    interval: Double,
    on scheduler: any DateScheduler,
    leeway: Double? = nil
  ) -> SignalProducer {
    timer(
      interval: duration(seconds: interval, in: "SignalProducer.timer(interval:on:)"),
      on: scheduler,
      leeway: leeway.map { duration(seconds: $0, in: "SignalProducer.timer(interval:on:)") })
  }
}
