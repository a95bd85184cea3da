// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

extension SignalProducer where Value == Date, Error == Never {
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
    interval: DispatchTimeInterval,
    on scheduler: any DateScheduler,
    leeway: DispatchTimeInterval? = nil
  ) -> SignalProducer {
    let operation = "SignalProducer.timer(interval:on:)"
    return SignalProducer<ContinuousClock.Instant, Never>.timer(
      interval: SchedulerTime.length(of: interval, in: operation),
      on: scheduler,
      leeway: leeway.map { SchedulerTime.length(of: $0, in: operation) }
    )
    .map { _ in scheduler.currentDate }
  }
}

extension SignalProducer where Value == ContinuousClock.Instant, Error == Never {
  /// A producer that sends the scheduler's clock (``DateScheduler/now``) every `interval` until
  /// disposed.
  ///
  /// The first value comes one `interval` after the run starts. The run never completes. Where
  /// both fit (`.seconds(1)`), the `DispatchTimeInterval` spelling, which sends `Date`s, is
  /// chosen; pass a `Duration` value or name the value type to get instants.
  ///
  /// ```swift
  /// let ticks: SignalProducer<ContinuousClock.Instant, Never> =
  ///   .timer(interval: .seconds(1), on: QueueScheduler.main)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between values; must be positive.
  ///   - scheduler: The scheduler that measures the time and sends the values.
  ///   - leeway: How late each value may be, which lets the system coalesce timers; a tenth of
  ///     `interval` when `nil`.
  @_disfavoredOverload
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
        after: scheduler.now + interval,
        interval: interval,
        leeway: leeway ?? interval / 10
      ) {
        observer.send(value: scheduler.now)
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
