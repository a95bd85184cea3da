// SPDX-License-Identifier: Apache-2.0

extension SignalProducer {
  /// Starts the work again when it fails, up to `count` times, each time after waiting
  /// `interval` on `scheduler`; forwards the failure only after the last attempt.
  ///
  /// Every attempt's values are forwarded. Completion or interruption of any attempt ends the
  /// run. Disposing the run disposes the attempt in progress or cancels the wait.
  ///
  /// - Parameters:
  ///   - count: How many times to start again; must not be negative.
  ///   - interval: How long to wait after a failure before starting again; not negative.
  ///   - scheduler: The scheduler that measures the wait.
  public func retry(
    upTo count: Int,
    interval: Duration,
    on scheduler: any DateScheduler
  ) -> SignalProducer<Value, Error> {
    precondition(
      count >= 0 && interval >= .zero,
      """
      SignalProducer<\(Value.self), \(Error.self)>.retry(upTo:interval:on:) received count \
      \(count) and interval \(interval); pass zero or more for both.
      """)
    guard count > 0 else { return self }
    return SignalProducer { observer, lifetime in
      // The waits left belong to this run, not to the producer, so every run gets all of them.
      let waitsLeft = Locked(count)
      self.flatMapError { error -> SignalProducer<Value, Error> in
        let shouldWait = waitsLeft.withLock { left in
          defer { left -= 1 }
          return left > 0
        }
        guard shouldWait else { return SignalProducer(error: error) }
        // Fails again once the interval has passed, which starts the next attempt.
        return SignalProducer { waiter, waitLifetime in
          waitLifetime += scheduler.schedule(after: scheduler.now.advanced(by: interval)) {
            waiter.send(error: error)
          }
        }
      }
      .retry(upTo: count)
      .startRun(in: lifetime, observer)
    }
  }

  /// Starts the work again when it fails, up to `count` times, each time after waiting
  /// `interval` seconds on `scheduler`.
  ///
  /// The same as ``retry(upTo:interval:on:)-(_,Duration,_)`` with a `TimeInterval`.
  public func retry(
    upTo count: Int,
    interval: Double,
    on scheduler: any DateScheduler
  ) -> SignalProducer<Value, Error> {
    retry(
      upTo: count, interval: duration(seconds: interval, in: "retry(upTo:interval:on:)"),
      on: scheduler)
  }
}
