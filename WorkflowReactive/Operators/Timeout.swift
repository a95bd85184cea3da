// SPDX-License-Identifier: Apache-2.0

import Foundation

extension Signal {
  /// Forwards the signal's events until `interval` has passed, then fails with `error` on
  /// `scheduler` unless the signal has ended by then.
  ///
  /// Events arrive as the signal sends them; only the failure goes through `scheduler`. With an
  /// interval of zero the failure is scheduled at once, so the signal must end synchronously to
  /// avoid it.
  ///
  /// - Parameters:
  ///   - interval: How many seconds the signal has to end; must not be negative.
  ///   - error: The failure sent when the time is up.
  ///   - scheduler: The scheduler that measures the time and sends the failure.
  public func timeout(
    after interval: TimeInterval,
    raising error: Error,
    on scheduler: any DateScheduler
  ) -> Signal<Value, Error> {
    timeout(after: duration(seconds: interval, in: timeoutName), raising: error, on: scheduler)
  }

  /// Forwards the signal's events until `interval` has passed, then fails with `error` on
  /// `scheduler` unless the signal has ended by then.
  ///
  /// The same as ``timeout(after:raising:on:)-(TimeInterval,Error,_)`` with a `Duration`.
  public func timeout(
    after interval: Duration,
    raising error: Error,
    on scheduler: any DateScheduler
  ) -> Signal<Value, Error> {
    liftAsynchronous(timeoutTransform(interval, error, scheduler))
  }
}

extension Signal where Error == Never {
  /// Forwards the signal's events until `interval` has passed, then fails with `error` on
  /// `scheduler` unless the signal has ended by then.
  ///
  /// The signal cannot fail itself, so the result fails only with `error`.
  ///
  /// - Parameters:
  ///   - interval: How many seconds the signal has to end; must not be negative.
  ///   - error: The failure sent when the time is up.
  ///   - scheduler: The scheduler that measures the time and sends the failure.
  public func timeout<NewError>(
    after interval: TimeInterval,
    raising error: NewError,
    on scheduler: any DateScheduler
  ) -> Signal<Value, NewError> {
    promoteError(NewError.self).timeout(after: interval, raising: error, on: scheduler)
  }
}

extension SignalProducer {
  /// Forwards each run's events until `interval` has passed, then fails the run with `error`
  /// on `scheduler` unless it has ended by then.
  ///
  /// Events arrive as the run sends them; only the failure goes through `scheduler`, and the
  /// failure disposes the upstream run.
  ///
  /// - Parameters:
  ///   - interval: How many seconds each run has to end; must not be negative.
  ///   - error: The failure sent when the time is up.
  ///   - scheduler: The scheduler that measures the time and sends the failure.
  public func timeout(
    after interval: TimeInterval,
    raising error: Error,
    on scheduler: any DateScheduler
  ) -> SignalProducer<Value, Error> {
    timeout(after: duration(seconds: interval, in: timeoutName), raising: error, on: scheduler)
  }

  /// Forwards each run's events until `interval` has passed, then fails the run with `error`
  /// on `scheduler` unless it has ended by then.
  ///
  /// The same as ``timeout(after:raising:on:)-(TimeInterval,Error,_)`` with a `Duration`.
  public func timeout(
    after interval: Duration,
    raising error: Error,
    on scheduler: any DateScheduler
  ) -> SignalProducer<Value, Error> {
    liftAsynchronous(timeoutTransform(interval, error, scheduler))
  }
}

extension SignalProducer where Error == Never {
  /// Forwards each run's events until `interval` has passed, then fails the run with `error`
  /// on `scheduler` unless it has ended by then.
  ///
  /// The producer cannot fail itself, so the result fails only with `error`.
  ///
  /// - Parameters:
  ///   - interval: How many seconds each run has to end; must not be negative.
  ///   - error: The failure sent when the time is up.
  ///   - scheduler: The scheduler that measures the time and sends the failure.
  public func timeout<NewError>(
    after interval: TimeInterval,
    raising error: NewError,
    on scheduler: any DateScheduler
  ) -> SignalProducer<Value, NewError> {
    promoteError(NewError.self).timeout(after: interval, raising: error, on: scheduler)
  }
}

private let timeoutName = "timeout(after:raising:on:)"

private func timeoutTransform<Value, Error>(
  _ interval: Duration,
  _ error: Error,
  _ scheduler: any DateScheduler
) -> ObserverTransform<Value, Error, Value, Error> {
  precondition(
    interval >= .zero, "\(timeoutName): interval \(interval) is negative; pass zero or more.")
  return { downstream, lifetime in
    lifetime += scheduler.schedule(after: scheduler.now + interval) {
      downstream.send(error: error)
    }
    return downstream
  }
}
